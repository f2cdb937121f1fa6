import BlueprintCache
import BlueprintDomain
import Foundation

/// Tasks and subtasks, read through the cache and written durably to a `WeddingDataHost`.
public struct FileTaskRepository: TaskRepository {
    let access: DataAccess

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    public func fetchTasks(in wedding: WeddingID) async throws -> [WeddingTask] {
        try await access.cached(.tasks, wedding) { $0.tasks.records }
    }

    public func fetchTask(id: UUID, in wedding: WeddingID) async throws -> WeddingTask {
        try await access.read(wedding) { try $0.task(id) }
    }

    public func createTask(_ task: WeddingTask, in wedding: WeddingID) async throws -> WeddingTask {
        try await access.write(CacheOperation(.created, .task, in: wedding)) { try $0.insert(task) }
    }

    public func updateTask(_ task: WeddingTask, in wedding: WeddingID) async throws -> WeddingTask {
        try await access.write(CacheOperation(.updated, .task, in: wedding)) { try $0.update(task) }
    }

    public func deleteTask(id: UUID, in wedding: WeddingID) async throws {
        try await access.write(CacheOperation(.deleted, .task, in: wedding)) { try $0.delete(WeddingTask.self, id: id) }
    }

    public func saveSubtask(_ subtask: Subtask, taskID: UUID, expectedVersion: Int,
                            in wedding: WeddingID) async throws -> WeddingTask {
        let isNew = try await access.read(wedding) { try !$0.task(taskID).subtasks.contains { $0.id == subtask.id } }
        return try await access.write(CacheOperation(isNew ? .subtaskCreated : .subtaskUpdated, in: wedding)) { transaction in
            var task = try transaction.dataset.task(taskID)
            task.version = expectedVersion
            if let index = task.subtasks.firstIndex(where: { $0.id == subtask.id }) {
                task.subtasks[index] = subtask
            } else {
                task.subtasks.append(subtask)
            }
            return try transaction.update(task)
        }
    }

    public func deleteSubtask(id: UUID, taskID: UUID, expectedVersion: Int,
                              in wedding: WeddingID) async throws -> WeddingTask {
        try await access.write(CacheOperation(.subtaskDeleted, in: wedding)) { transaction in
            var task = try transaction.dataset.task(taskID)
            guard let index = task.subtasks.firstIndex(where: { $0.id == id }) else {
                throw RepositoryError.invalid(.task, [ValidationIssue(
                    field: "subtasks", message: "no subtask with id \(id.uuidString.lowercased())")])
            }
            task.version = expectedVersion
            task.subtasks.remove(at: index)
            return try transaction.update(task)
        }
    }

    public func taskStats(asOf today: CalendarDate, in wedding: WeddingID) async throws -> TaskStats {
        try await access.cached(.taskStats, wedding, asOf: today) { TaskStats(tasks: $0.tasks, today: today) }
    }

    public func searchTasks(_ filter: TaskFilter, in wedding: WeddingID) async throws -> [WeddingTask] {
        try await fetchTasks(in: wedding).filter(filter.matches)
    }

    public func importTasks(_ batch: ImportBatch<WeddingTask>, in wedding: WeddingID) async throws -> ImportSummary {
        try await access.write(CacheOperation(.imported, .task, in: wedding)) { try $0.apply(batch) }
    }
}

extension WeddingDataset {
    func task(_ id: UUID) throws -> WeddingTask {
        guard let task = tasks[id] else { throw RepositoryError.notFound(.task, id: id) }
        return task
    }

    func expense(_ id: UUID) throws -> Expense {
        guard let expense = expenses[id] else { throw RepositoryError.notFound(.expense, id: id) }
        return expense
    }
}
