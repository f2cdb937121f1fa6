import BlueprintDomain
import Foundation

/// The tasks of the open wedding, ready to draw: rows after filter, sort and search, and the
/// figures as of today. Intents change tasks and subtasks at once and roll back if the write fails.
@MainActor
public final class TaskStore: ListStore<TaskSortKey, TaskFilter> {
    public static let validity = Duration.seconds(5 * 60)

    private let repository: any TaskRepository

    /// Every task, in the order loaded.
    public var tasks: RecordTable<WeddingTask> { records.records }
    /// The tasks to show: filtered by `filter`, sorted by `order`.
    public var visibleTasks: ListedRows<WeddingTask> { visible }
    /// Counts as of `today` (overdue never counts closed tasks).
    public private(set) var stats: TaskStats

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.tasks
        stats = TaskStats(tasks: [], today: context.today)
        super.init(wedding: wedding, domain: .tasks, validity: Self.validity, context: context,
                   gateway: RecordGateway(context.tasks.taskRecords, in: wedding), order: .dueDate, noun: "task")
    }

    public func task(_ id: UUID) -> WeddingTask? { record(id) }

    // MARK: Intents

    /// Completes an open task; reopens a completed one (in progress if any subtask is done).
    @discardableResult
    public func toggleDone(_ id: UUID) async -> EditOutcome {
        guard var task = records[id] else { return .failed(.notLoaded(.task, id: id)) }
        if task.status == .completed {
            task.status = task.subtasks.contains(where: \.isDone) ? .inProgress : .notStarted
        } else {
            task.status = .completed
        }
        return await records.update(task, title: task.status == .completed ? "complete task" : "reopen task")
    }

    @discardableResult
    public func addSubtask(_ title: String, to taskID: UUID) async -> EditOutcome {
        guard var task = records[taskID] else { return .failed(.notLoaded(.task, id: taskID)) }
        let subtask = Subtask(title: title)
        task.subtasks.append(subtask)
        return await saveSubtask(subtask, in: task, title: "add subtask")
    }

    @discardableResult
    public func toggleSubtask(_ id: UUID, in taskID: UUID) async -> EditOutcome {
        guard var task = records[taskID], let index = task.subtasks.firstIndex(where: { $0.id == id }) else {
            return .failed(.notLoaded(.task, id: taskID))
        }
        task.subtasks[index].isDone.toggle()
        return await saveSubtask(task.subtasks[index], in: task, title: "tick subtask")
    }

    @discardableResult
    public func renameSubtask(_ id: UUID, in taskID: UUID, to title: String) async -> EditOutcome {
        guard var task = records[taskID], let index = task.subtasks.firstIndex(where: { $0.id == id }) else {
            return .failed(.notLoaded(.task, id: taskID))
        }
        task.subtasks[index].title = title
        return await saveSubtask(task.subtasks[index], in: task, title: "rename subtask")
    }

    @discardableResult
    public func deleteSubtask(_ id: UUID, in taskID: UUID) async -> EditOutcome {
        guard var task = records[taskID], task.subtasks.contains(where: { $0.id == id }) else {
            return .failed(.notLoaded(.task, id: taskID))
        }
        task.subtasks.removeAll { $0.id == id }
        let repository = self.repository, wedding = weddingID, version = task.version
        return await records.change(task, title: "delete subtask") {
            try await repository.deleteSubtask(id: id, taskID: taskID, expectedVersion: version, in: wedding)
        }
    }

    /// Adds and updates many tasks in one all-or-nothing write. Not undoable.
    public func importTasks(_ batch: ImportBatch<WeddingTask>) async -> Result<ImportSummary, StoreError> {
        let repository = self.repository, wedding = weddingID
        return await records.importRecords(batch.inserts + batch.updates) {
            try await repository.taskRecords.importBatch(batch, in: wedding)
        }
    }

    /// The open tasks of `template` that would follow the wedding date from `old` to `new`,
    /// re-dated (see `ChecklistTemplate.rescheduled`): what to ask about before moving them.
    public func checklistTasks(following template: ChecklistTemplate, from old: CalendarDate,
                               to new: CalendarDate) -> [WeddingTask] {
        template.rescheduled(Array(records.records), weddingMovedFrom: old, to: new, today: today)
    }

    /// Shows `task` (holding the changed `subtask`) at once and saves the subtask, checked
    /// against the task's version.
    private func saveSubtask(_ subtask: Subtask, in task: WeddingTask, title: String) async -> EditOutcome {
        let repository = self.repository, wedding = weddingID, taskID = task.id, version = task.version
        return await records.change(task, title: title) {
            try await repository.saveSubtask(subtask, taskID: taskID, expectedVersion: version, in: wedding)
        }
    }

    // MARK: Deriving

    override func recordsDidChange() {
        stats = TaskStats(tasks: records.records, today: today)
        super.recordsDidChange()
    }

    override func rowDidChange(from old: WeddingTask?, to new: WeddingTask?) {
        stats = TaskStats(tasks: records.records, today: today)
        super.rowDidChange(from: old, to: new)
    }
}
