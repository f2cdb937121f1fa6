import BlueprintDomain
import Foundation

/// The tasks of the open wedding, ready to draw: rows after filter, sort and search, and the
/// figures as of today. Intents change tasks and subtasks at once and roll back if the write fails.
@MainActor
public final class TaskStore: DomainStore {
    public static let validity = Duration.seconds(5 * 60)

    private let repository: any TaskRepository
    private lazy var records = RecordCollection(.tasks(repository, in: weddingID), in: self)
    private var list = RowList(order: ListOrder(TaskSortKey.dueDate))

    /// Every task, in the order loaded.
    public var tasks: [WeddingTask] { records.records }
    /// The tasks to show: filtered by `filter`, sorted by `order`.
    public var visibleTasks: [WeddingTask] { list.visible }
    /// Counts as of `today` (overdue never counts closed tasks).
    public private(set) var stats: TaskStats
    /// Where `searchText` matches among `visibleTasks`.
    public var searchMatches: SearchMatches { list.matches }
    /// The open conflict, if an edit to a task lost to someone else's.
    public var conflict: EditConflict<WeddingTask>? { records.conflict }

    public var filter = TaskFilter() {
        didSet {
            guard filter != oldValue else { return }
            list.setFilter(filter.matches)
            signalUpdate()
        }
    }

    public var order: ListOrder<TaskSortKey> {
        get { list.order }
        set {
            guard newValue != list.order else { return }
            list.setOrder(newValue)
            signalUpdate()
        }
    }

    /// What `/` searches for among the visible tasks (title, details, assignees, subtasks);
    /// empty ends the search.
    public var searchText = "" {
        didSet {
            guard searchText != oldValue else { return }
            list.setSearch(searchText, matches: TaskFilter(text: searchText).matches)
            signalUpdate()
        }
    }

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.tasks
        stats = TaskStats(tasks: [], today: context.today)
        super.init(weddingID: wedding, domain: .tasks, validity: Self.validity, recordKinds: [.task], context: context)
    }

    public func task(_ id: UUID) -> WeddingTask? { records[id] }

    // MARK: Intents

    @discardableResult
    public func create(_ task: WeddingTask) async -> EditOutcome {
        await records.create(task, title: "add task")
    }

    /// Saves `task`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func update(_ task: WeddingTask) async -> EditOutcome {
        await records.update(task, title: "edit task")
    }

    @discardableResult
    public func delete(_ id: UUID) async -> EditOutcome {
        await records.delete(id: id, title: "delete task")
    }

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
            try await repository.importTasks(batch, in: wedding)
        }
    }

    /// Shows `task` (holding the changed `subtask`) at once and saves the subtask, checked
    /// against the task's version.
    private func saveSubtask(_ subtask: Subtask, in task: WeddingTask, title: String) async -> EditOutcome {
        let repository = self.repository, wedding = weddingID, taskID = task.id, version = task.version
        return await records.change(task, title: title) {
            try await repository.saveSubtask(subtask, taskID: taskID, expectedVersion: version, in: wedding)
        }
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let mark = records.loadMark()
        let tasks = try await records.gateway.fetchAll()
        return { self.records.show(tasks, loadedFrom: mark) }
    }

    override func recordsDidChange() {
        stats = TaskStats(tasks: records.records, today: today)
        list.show(records.records)
        super.recordsDidChange()
    }
}
