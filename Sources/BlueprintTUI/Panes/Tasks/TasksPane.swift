import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The tasks: the figures, then the list by due date (overdue in the danger style and marked),
/// or grouped by status (`v`); priority markers; subtasks that expand and collapse (`o`, `O`);
/// Space ticks a task or a subtask done; filters by status, priority and assignee; `/` search;
/// the add and edit form.
@MainActor
final class TasksPane: Pane, SearchTarget {
    let tasks: TaskStore
    private let vendors: VendorStore
    private let budget: BudgetStore
    private lazy var controller = RecordListController<[TaskRow]>(columns: TaskColumns.columns(order: ListOrder(.dueDate))) {
        [unowned self] in rows
    }
    private var list: RecordList { controller.list }
    private var expanded: Set<UUID> = []
    private var grouped = false
    private var derivedRows = DerivedRows<ViewSettings, [TaskRow]>()

    /// What, besides the tasks shown, decides the rows.
    private struct ViewSettings: Equatable {
        let grouped: Bool
        let expanded: Set<UUID>
    }

    init(tasks: TaskStore, vendors: VendorStore, budget: BudgetStore) {
        self.tasks = tasks
        self.vendors = vendors
        self.budget = budget
        controller.onAdd { [unowned self] in openForm(nil, host: $0) }
        controller.on(.toggle) { row, host in
            switch row {
            case .task(let task, _):
                host.run({ await tasks.toggleDone(task.id) },
                         undoable: "\(task.title): \(task.status == .completed ? "reopened" : "done")", store: tasks)
            case .subtask(let subtask, let parent):
                host.run({ await tasks.toggleSubtask(subtask.id, in: parent.id) },
                         undoable: "\(subtask.title): \(subtask.isDone ? "not done" : "done")", store: tasks)
            case .group:
                break
            }
        }
        controller.on(.edit) { [unowned self] row, host in
            switch row {
            case .task(let task, _): openForm(task, host: host)
            case .subtask(let subtask, let parent): openStepForm(subtask, of: parent, host: host)
            case .group: break
            }
        }
        controller.on(.delete) { [unowned self] row, host in
            switch row {
            case .task(let task, _):
                confirmDelete(task, host: host)
            case .subtask(let subtask, let parent):
                host.confirmDelete("step", named: subtask.title, store: tasks) { await tasks.deleteSubtask(subtask.id, in: parent.id) }
            case .group:
                break
            }
        }
        controller.on(.activate) { [unowned self] row, host in
            if let task = row.task { showDetail(task, host: host) }
        }
    }

    var store: DomainStore? { tasks }
    var keyMode: KeyMode { .tasks }
    var modeName: String { grouped ? "TASKS BY STATUS" : "TASKS" }
    var searchTarget: (any SearchTarget)? { self }

    var statusContext: String {
        let shown = tasks.visibleTasks.count, total = tasks.stats.total
        let counts = CountPhrase.of(shown, of: total, "task")
        let filter = TaskForms.summary(tasks.filter)
        return filter.isEmpty ? counts : "\(filter) · \(counts)"
    }

    /// The rows on screen: tasks in the store's order (grouped or not) with expanded subtasks.
    var rows: [TaskRow] {
        let settings = ViewSettings(grouped: grouped, expanded: expanded)
        return derivedRows.rows(at: tasks.visibleRevision, settings: settings) {
            TaskRow.rows(tasks.visibleTasks, grouped: settings.grouped, expanded: settings.expanded)
        }
    }

    // MARK: SearchTarget

    var searchText: String {
        get { tasks.searchText }
        set { tasks.searchText = newValue }
    }

    /// The store's matches (positions among the tasks), as positions among the rows.
    var searchMatches: SearchMatches {
        let matches = tasks.searchMatches
        guard !matches.isEmpty else { return matches }
        let rows = self.rows
        return SearchMatches(query: matches.query, rows: rows.indices.filter { index in
            if case .task(_, let position) = rows[index] { return matches.contains(row: position) }
            return false
        })
    }

    var selectedRow: Int? { controller.selectedRow }

    func selectRow(_ row: Int) { controller.select(row: row) }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        guard !LoadNotice.render(tasks, noun: "tasks", into: canvas, rect: rect) else { return }
        let stats = tasks.stats
        var strip = SegmentLine()
        strip.add(count: stats.total, noun: "task")
        strip.add(figure: "\(stats.overdue)", label: "overdue", stats.overdue > 0 ? .danger : .accent)
        strip.add(figure: "\(stats.dueWithin7Days)", label: "due within 7 days", stats.dueWithin7Days > 0 ? .warning : .accent)
        strip.add(figure: "\(stats.byStatus[.inProgress] ?? 0)", label: "in progress")
        strip.add(figure: "\(stats.byStatus[.completed] ?? 0)", label: "completed", .success)
        strip.render(into: canvas, row: rect.row, column: rect.column, width: rect.columns)
        let rows = self.rows
        list.sync(rows)
        list.model.columns = TaskColumns.columns(order: tasks.order)
        let today = tasks.today, expanded = self.expanded
        let matched = Set(searchMatches.rows)
        TableView.render(list.model, into: canvas, rect: CanvasRect(row: rect.row + 1, column: rect.column, rows: rect.rows - 1,
                                                                     columns: rect.columns),
                         empty: EmptyListText.forFilteredList("tasks", "task", hasRecords: tasks.stats.total > 0,
                                                              keymap: keymap, mode: keyMode)) { row, column in
            TaskColumns.cell(rows[row], column: column, today: today, expanded: expanded, isMatch: matched.contains(row))
        }
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool { controller.handle(mouse) }

    var noteSubject: RecordSubject? {
        switch controller.selected {
        case .task(let task, _)?: return .record(task)
        case .subtask(_, let parent)?: return .record(parent)
        case .group?, nil: return nil
        }
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if controller.handle(action, host: host) || Self.keyCommands.perform(action, in: keyMode, on: self, host: host) { return true }
        let tasks = self.tasks
        switch action {
        case .cycleSort:
            tasks.order.cycle()
            host.report("Sorted by \(tasks.order.key.title)")
        case .reverseSort:
            tasks.order.reverse()
            host.report("Sorted by \(tasks.order.key.title), \(tasks.order.ascending ? "ascending" : "descending")")
        case .switchView:
            grouped.toggle()
            host.report(grouped ? "Grouped by status" : "By due date")
        case .filter:
            let original = tasks.filter
            let assignees = Set(tasks.tasks.flatMap(\.assignees)).sorted()
            host.present(FilterOverlay(TaskForms.filterForm(original, assignees: assignees),
                                       apply: { tasks.filter = TaskForms.filter(from: $0) }, restore: { tasks.filter = original }))
        case .clearFilters:
            tasks.filter = TaskFilter()
            host.report("Filters cleared")
        case .cancel:
            guard !tasks.searchText.isEmpty else { return false }
            tasks.searchText = ""
        default:
            return false
        }
        return true
    }

    /// Shows the task selected in the list, clearing a filter or search that hides it.
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool {
        guard case .task(let id) = destination, tasks.task(id) != nil else { return false }
        if !tasks.visibleTasks.contains(id: id) {
            tasks.filter = TaskFilter()
            host.report("Filters cleared to show the task")
        }
        tasks.searchText = ""
        controller.select(id: id)
        return true
    }

    private func showDetail(_ task: WeddingTask, host: any PlannerHost) {
        let tasks = self.tasks
        host.present(DetailOverlay.record(
            \.title, lines: { self.detailLines($0) }, host: host,
            subject: PresenceSubject(task, label: task.title),
            current: { tasks.task(task.id) },
            edit: { [weak self] in self?.openForm($0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    /// The lines of `task`'s details, as the task is now.
    private func detailLines(_ task: WeddingTask) -> [DetailOverlay.Line] {
        let today = tasks.today
        var lines: [DetailOverlay.Line] = [
            .init(label: "Task", value: task.title),
            .init(label: "Details", value: task.details),
            .init(label: "Status", value: Formats.label(task.status.rawValue), style: TaskColumns.style(task.status)),
            .init(label: "Priority", value: TaskColumns.marker(task.priority), style: TaskColumns.style(task.priority)),
            .init(label: "Due", value: Formats.date(task.dueDate) + (task.isOverdue(today: today) ? " (OVERDUE)" : ""),
                  style: task.isOverdue(today: today) ? .danger : .normal),
            .init(label: "Assigned to", value: task.assignees.joined(separator: ", ")),
            .init(label: "Vendor", value: task.vendorID.flatMap { vendors.vendor($0)?.name } ?? ""),
            .init(label: "Budget category", value: task.budgetCategoryID.flatMap { budget.category($0)?.name } ?? ""),
        ]
        for (index, subtask) in task.subtasks.enumerated() {
            lines.append(.init(label: index == 0 ? "Steps" : "", value: (subtask.isDone ? "[x] " : "[ ] ") + subtask.title,
                               style: subtask.isDone ? .muted : .normal))
        }
        return lines
    }

    private func confirmDelete(_ task: WeddingTask, host: any PlannerHost) {
        let tasks = self.tasks
        host.confirmDelete("task", named: task.title, consequence: "Its steps go too.", store: tasks) { await tasks.delete(task.id) }
    }

    /// Renames a step of `task`; an empty name is refused beside the field.
    private func openStepForm(_ subtask: Subtask, of task: WeddingTask, host: any PlannerHost) {
        let tasks = self.tasks
        host.present(FormOverlay(Form(title: "Step of \(task.title)", fields: [.text("title", "Step", subtask.title)]), store: tasks,
                                 subject: PresenceSubject(task, label: task.title)) { form in
            let title = form.trimmed("title")
            guard !title.isEmpty else { return .invalid([ValidationIssue(field: "title", message: "a step needs a name")]) }
            return .save(success: "Renamed the step to \(title)") { await tasks.renameSubtask(subtask.id, in: task.id, to: title) }
        })
    }

    private func openForm(_ task: WeddingTask?, host: any PlannerHost) {
        let tasks = self.tasks
        let choices = TaskForms.Choices(vendors: vendors.vendors.sorted { $0.name.lowercased() < $1.name.lowercased() },
                                        categories: budget.categories.sorted { $0.name.lowercased() < $1.name.lowercased() },
                                        wedding: budget.wedding)
        let base = task ?? WeddingTask(title: "")
        let following = task.map { task in
            FormFollowing.record(task, host: host, current: { tasks.task(task.id) }) { TaskForms.form($0, choices: choices) }
        }
        host.present(FormOverlay(TaskForms.form(task, choices: choices), store: tasks,
                                 subject: task.map { PresenceSubject($0, label: $0.title) }, following: following) { [weak self] form in
            switch TaskForms.task(from: form, base: base, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let (edited, step)):
                return .save(success: (task == nil ? "Added " : "Saved ") + edited.title) {
                    var outcome = task == nil ? await tasks.create(edited) : await tasks.update(edited)
                    if outcome.isSaved, let step {
                        outcome = await tasks.addSubtask(step, to: edited.id)
                        self?.expanded.insert(edited.id)
                    }
                    if outcome.isSaved { self?.controller.select(id: edited.id) }
                    return outcome
                }
            }
        })
    }
}

extension TasksPane {
    /// The task list's own keys.
    nonisolated static let keyCommands: [PlannerKeyCommand<TasksPane>] = [
        HandledKeyCommand(.tasks, [.character("o")], .expand, "Expand or collapse the subtasks") { pane, _ in
            guard let task = pane.controller.selected?.task, !task.subtasks.isEmpty else { return false }
            if pane.expanded.remove(task.id) == nil { pane.expanded.insert(task.id) }
            pane.controller.select(id: task.id)
            return true
        },
        HandledKeyCommand(.tasks, [.character("O")], .expandAll, "Expand or collapse every task") { pane, _ in
            let withSteps = Set(pane.tasks.tasks.filter { !$0.subtasks.isEmpty }.map(\.id))
            pane.expanded = pane.expanded.isSuperset(of: withSteps) ? [] : withSteps
            return true
        },
    ]
}
