import BlueprintDomain
import Foundation

/// One row of the task list: a status heading (when grouped), a task, or a subtask of an
/// expanded task.
enum TaskRow: Identifiable {
    case group(TaskStatus, count: Int)
    case task(WeddingTask, index: Int)
    case subtask(Subtask, parent: WeddingTask)

    var id: UUID {
        switch self {
        case .group(let status, _): TaskRow.groupIDs[TaskStatus.allCases.firstIndex(of: status)!]
        case .task(let task, _): task.id
        case .subtask(let subtask, _): subtask.id
        }
    }

    /// The task the row belongs to: itself, or a subtask's parent.
    var task: WeddingTask? {
        switch self {
        case .group: nil
        case .task(let task, _): task
        case .subtask(_, let parent): parent
        }
    }

    /// Ids for the status headings, one per status.
    private static let groupIDs: [UUID] = TaskStatus.allCases.indices.map {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", $0))!
    }

    /// The rows for `tasks` (in their order; `index` is the position among them), grouped by
    /// status if `grouped`, each expanded task followed by its subtasks.
    static func rows(_ tasks: some Collection<WeddingTask>, grouped: Bool, expanded: Set<UUID>) -> [TaskRow] {
        func withSubtasks(_ task: WeddingTask, _ index: Int) -> [TaskRow] {
            [.task(task, index: index)] + (expanded.contains(task.id) ? task.subtasks.map { .subtask($0, parent: task) } : [])
        }
        guard grouped else { return tasks.enumerated().flatMap { withSubtasks($0.element, $0.offset) } }
        let indexed = Array(tasks.enumerated())
        return TaskStatus.allCases.flatMap { status -> [TaskRow] in
            let members = indexed.filter { $0.element.status == status }
            guard !members.isEmpty else { return [] }
            return [.group(status, count: members.count)] + members.flatMap { withSubtasks($0.element, $0.offset) }
        }
    }
}
