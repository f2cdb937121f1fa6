import BlueprintDomain

/// The columns the task list sorts by.
public enum TaskSortKey: String, ListSortKey {
    case dueDate, priority, status, title

    public var title: String {
        switch self {
        case .dueDate: return "Due"
        case .priority: return "Priority"
        case .status: return "Status"
        case .title: return "Task"
        }
    }

    /// Due dates ascending put undated tasks last; priority ascending puts urgent first.
    public func sortValue(of task: WeddingTask, today: CalendarDate) -> (rank: Int64, text: String) {
        let title = task.title.lowercased()
        switch self {
        case .dueDate: return (task.dueDate.map { Int64($0.daysSince1970) } ?? .max, title)
        case .priority: return (-Int64(TaskPriority.allCases.firstIndex(of: task.priority)!), title)
        case .status: return (Int64(TaskStatus.allCases.firstIndex(of: task.status)!), title)
        case .title: return (0, title)
        }
    }
}
