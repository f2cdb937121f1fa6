import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The task table's columns, and each row's cells: priority markers, overdue dates, subtasks
/// indented under their task with a tick box.
@MainActor
enum TaskColumns {
    static func columns(order: ListOrder<TaskSortKey>) -> [TableColumn] {
        func title(_ text: String, _ key: TaskSortKey?) -> DisplayText {
            guard let key, key == order.key else { return DisplayText(text) }
            return DisplayText(text + (order.ascending ? " ▲" : " ▼"))
        }
        return [
            TableColumn(title("Task", .title), minWidth: 18, maxWidth: 44, flex: 3, priority: 10),
            TableColumn(title("Due", .dueDate), minWidth: 18, priority: 9),
            TableColumn(title("Status", .status), minWidth: 11, priority: 8),
            TableColumn(title("Priority", .priority), minWidth: 10, priority: 7),
            TableColumn(title("Assigned", nil), minWidth: 10, maxWidth: 24, flex: 1, priority: 4),
            TableColumn(title("Steps", nil), minWidth: 5, alignment: .right, priority: 3),
        ]
    }

    static func cell(_ row: TaskRow, column: Int, today: CalendarDate, expanded: Set<UUID>, isMatch: Bool) -> TableCell {
        switch row {
        case .group(let status, let count):
            return column == 0 ? TableCell(DisplayText("\(Formats.label(status.rawValue)) (\(count))"), style: .header) : ""
        case .subtask(let subtask, _):
            guard column == 0 else { return "" }
            let box = TerminalLocale.isUTF8 ? (subtask.isDone ? "☑" : "☐") : (subtask.isDone ? "[x]" : "[ ]")
            return TableCell(DisplayText("    \(box) \(subtask.title)"), style: subtask.isDone ? .muted : .normal)
        case .task(let task, _):
            return taskCell(task, column: column, today: today, expanded: expanded, isMatch: isMatch)
        }
    }

    private static func taskCell(_ task: WeddingTask, column: Int, today: CalendarDate, expanded: Set<UUID>, isMatch: Bool) -> TableCell {
        switch column {
        case 0:
            let marker = task.subtasks.isEmpty ? "  " : expanded.contains(task.id) ? "▾ " : "▸ "
            let style: TextStyle = isMatch ? .accent : task.status.isClosed ? .muted : .normal
            return TableCell(DisplayText(marker + task.title), style: style)
        case 1:
            guard let due = task.dueDate else { return "" }
            return task.isOverdue(today: today) ? TableCell(DisplayText("\(due) OVERDUE"), style: .danger) : TableCell(DisplayText(due.description))
        case 2: return TableCell(DisplayText(Formats.label(task.status.rawValue)), style: style(task.status))
        case 3: return TableCell(DisplayText(marker(task.priority)), style: style(task.priority))
        case 4: return TableCell(DisplayText(task.assignees.joined(separator: ", ")), style: .muted)
        default:
            guard !task.subtasks.isEmpty else { return "" }
            return TableCell(DisplayText("\(task.subtasks.filter(\.isDone).count)/\(task.subtasks.count)"), style: .muted)
        }
    }

    /// `!!! urgent`, `!! high`, `! medium`, `low`.
    static func marker(_ priority: TaskPriority) -> String {
        switch priority {
        case .urgent: "!!! urgent"
        case .high: "!! high"
        case .medium: "! medium"
        case .low: "low"
        }
    }

    static func style(_ priority: TaskPriority) -> TextStyle {
        switch priority {
        case .urgent: .danger
        case .high: .warning
        case .medium: .normal
        case .low: .muted
        }
    }

    static func style(_ status: TaskStatus) -> TextStyle {
        switch status {
        case .completed: .success
        case .cancelled: .muted
        case .inProgress: .accent
        case .onHold: .warning
        case .notStarted: .normal
        }
    }
}
