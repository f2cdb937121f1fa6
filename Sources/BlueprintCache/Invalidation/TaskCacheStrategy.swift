/// Tasks and their subtasks.
public struct TaskCacheStrategy: CacheInvalidationStrategy {
    public init() {}

    public func resources(invalidatedBy action: CacheOperation.Action) -> Set<CacheResource> {
        switch action {
        case .taskCreated, .taskUpdated, .taskDeleted, .tasksImported,
             .subtaskCreated, .subtaskUpdated, .subtaskDeleted:
            return [.tasks, .taskStats]
        default:
            return []
        }
    }
}
