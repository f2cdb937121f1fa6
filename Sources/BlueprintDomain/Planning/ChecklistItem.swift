/// One task of a checklist template, due a fixed time before the wedding.
public struct ChecklistItem: Hashable, Sendable {
    /// The item's stable name within its template (`venue`, `final-headcount`). Tasks made from
    /// the item keep it as `WeddingTask.checklistKey`, which is how they are recognised later.
    public var key: String
    public var leadTime: ChecklistLeadTime
    public var title: String
    public var priority: TaskPriority
    public var details: String

    public init(key: String, leadTime: ChecklistLeadTime, title: String, priority: TaskPriority = .medium,
                details: String = "") {
        self.key = key
        self.leadTime = leadTime
        self.title = title
        self.priority = priority
        self.details = details
    }

    /// The item's date for a wedding on `weddingDate` (see `ChecklistLeadTime.dueDate(forWeddingOn:)`).
    public func dueDate(forWeddingOn weddingDate: CalendarDate) -> CalendarDate {
        leadTime.dueDate(forWeddingOn: weddingDate)
    }
}
