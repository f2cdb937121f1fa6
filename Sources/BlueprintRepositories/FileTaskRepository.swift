import BlueprintCache
import BlueprintDomain
import Foundation

/// Tasks and subtasks, read through the cache and written durably to a `WeddingDataHost`.
public struct FileTaskRepository: TaskRepository {
    let access: DataAccess

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    public var taskRecords: any RecordRepository<WeddingTask> { FileRecordRepository(access: access) }

    public func saveSubtask(_ subtask: Subtask, taskID: UUID, expectedVersion: Int,
                            in wedding: WeddingID) async throws -> WeddingTask {
        let isNew = try await access.read(wedding) {
            try !$0.existing(WeddingTask.self, taskID).subtasks.contains { $0.id == subtask.id }
        }
        return try await access.write(CacheOperation(isNew ? .subtaskCreated : .subtaskUpdated, in: wedding)) { transaction in
            var task = try transaction.dataset.existing(WeddingTask.self, taskID)
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
            var task = try transaction.dataset.existing(WeddingTask.self, taskID)
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
}
