import Foundation

/// Where a task stands.
public enum TaskStatus: String, Sendable, Codable, CaseIterable {
    case notStarted = "not-started"
    case inProgress = "in-progress"
    case onHold = "on-hold"
    case completed, cancelled

    /// Completed and cancelled tasks are closed: never overdue, never due.
    public var isClosed: Bool { self == .completed || self == .cancelled }
}

public enum TaskPriority: String, Sendable, Codable, CaseIterable, Comparable {
    case low, medium, high, urgent

    public static func < (lhs: TaskPriority, rhs: TaskPriority) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A step of a task.
public struct Subtask: Hashable, Sendable, Codable, Identifiable {
    public var id: UUID
    public var title: String
    public var isDone: Bool

    public init(id: UUID = UUID(), title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

/// Something to do before the wedding. (Named so it never shadows Swift's `Task`.)
public struct WeddingTask: Record {
    public static let kind = RecordKind.task

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var title: String
    public var details: String
    public var status: TaskStatus
    public var priority: TaskPriority
    public var dueDate: CalendarDate?
    public var assignees: [String]
    public var vendorID: UUID?
    public var budgetCategoryID: UUID?
    public var subtasks: [Subtask]
    /// The key of the checklist item this task was made from (`ChecklistItem.key`), so it can
    /// follow the wedding date when that moves; `nil` for a task added by hand. Files written
    /// before checklists leave it out and decode as `nil`.
    public var checklistKey: String?

    public init(id: UUID = UUID(), title: String, details: String = "", status: TaskStatus = .notStarted,
                priority: TaskPriority = .medium, dueDate: CalendarDate? = nil, assignees: [String] = [],
                vendorID: UUID? = nil, budgetCategoryID: UUID? = nil, subtasks: [Subtask] = [],
                checklistKey: String? = nil, createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.title = title
        self.details = details
        self.status = status
        self.priority = priority
        self.dueDate = dueDate
        self.assignees = assignees
        self.vendorID = vendorID
        self.budgetCategoryID = budgetCategoryID
        self.subtasks = subtasks
        self.checklistKey = checklistKey
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// Past due and still open (neither completed nor cancelled).
    public func isOverdue(today: CalendarDate) -> Bool {
        guard let dueDate, !status.isClosed else { return false }
        return dueDate < today
    }

    /// Still open and due between today and a week from today, both included.
    public func isDueWithin7Days(today: CalendarDate) -> Bool {
        guard let dueDate, !status.isClosed else { return false }
        return dueDate >= today && dueDate <= today.adding(days: 7)
    }
}
