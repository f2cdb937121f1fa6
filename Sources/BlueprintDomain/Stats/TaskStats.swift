/// Tasks in numbers.
public struct TaskStats: Hashable, Sendable, Codable {
    public var total: Int
    public var byStatus: [TaskStatus: Int]
    /// Past due and neither completed nor cancelled.
    public var overdue: Int
    /// Open tasks due from today through 7 days ahead.
    public var dueWithin7Days: Int

    public init(tasks: some Collection<WeddingTask>, today: CalendarDate) {
        total = tasks.count
        var byStatus: [TaskStatus: Int] = [:]
        var overdue = 0, dueSoon = 0
        for task in tasks {
            byStatus[task.status, default: 0] += 1
            if task.isOverdue(today: today) { overdue += 1 }
            if task.isDueWithin7Days(today: today) { dueSoon += 1 }
        }
        self.byStatus = byStatus
        self.overdue = overdue
        self.dueWithin7Days = dueSoon
    }
}
