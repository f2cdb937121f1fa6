import Foundation

/// Which guests to show. Empty sets and `nil` mean "any".
public struct GuestFilter: Hashable, Sendable {
    public var text: TextQuery
    /// The records whose notes contain `text` (`TextQuery.subjectIDs(of:in:)`): they match the text too.
    /// Found once per query by whoever sets the text, so matching a row is one set lookup.
    public var notedIDs: Set<UUID> = []
    public var rsvp: Set<RSVPStatus>
    public var invitedBy: Set<InvitedBy>
    public var table: Int?
    /// Guests eating this meal ("" for none chosen), or whose plus-one coming does.
    public var meal: String?

    public init(text: String = "", rsvp: Set<RSVPStatus> = [], invitedBy: Set<InvitedBy> = [],
                table: Int? = nil, meal: String? = nil) {
        self.text = TextQuery(text)
        self.rsvp = rsvp
        self.invitedBy = invitedBy
        self.table = table
        self.meal = meal
    }

    public func matches(_ guest: Guest) -> Bool {
        (rsvp.isEmpty || rsvp.contains(guest.rsvp))
            && (invitedBy.isEmpty || invitedBy.contains(guest.invitedBy))
            && (table == nil || guest.table == table)
            && (meal.map { $0 == guest.mealChoice || (guest.hasPlusOneComing && $0 == guest.plusOneMealChoice) } ?? true)
            && (text.matches(guest.fullName, guest.email, guest.household, guest.plusOneName,
                             guest.phone, guest.notes) || notedIDs.contains(guest.id))
    }
}

/// Which expenses to show.
public struct ExpenseFilter: Hashable, Sendable {
    public var text: TextQuery
    /// The records whose notes contain `text` (`TextQuery.subjectIDs(of:in:)`): they match the text too.
    /// Found once per query by whoever sets the text, so matching a row is one set lookup.
    public var notedIDs: Set<UUID> = []
    public var categoryID: UUID?
    public var vendorID: UUID?
    /// Only expenses standing so, judged from their money; `nil`: any.
    public var standing: StandingCondition?

    /// The expenses whose standing (`Expense.standing(today:)`) on `day` is one of `standings`:
    /// whether a payment is overdue depends on the day.
    public struct StandingCondition: Hashable, Sendable {
        public var standings: Set<PaymentStanding>
        public var day: CalendarDate

        public init(_ standings: Set<PaymentStanding>, on day: CalendarDate) {
            self.standings = standings
            self.day = day
        }
    }

    public init(text: String = "", categoryID: UUID? = nil, vendorID: UUID? = nil, standing: StandingCondition? = nil) {
        self.text = TextQuery(text)
        self.categoryID = categoryID
        self.vendorID = vendorID
        self.standing = standing
    }

    public func matches(_ expense: Expense) -> Bool {
        (categoryID == nil || expense.categoryID == categoryID)
            && (vendorID == nil || expense.vendorID == vendorID)
            && (standing.map { $0.standings.contains(expense.standing(today: $0.day)) } ?? true)
            && (text.matches(expense.name, expense.paymentMethod, expense.notes) || notedIDs.contains(expense.id))
    }
}

/// Which vendors to show.
public struct VendorFilter: Hashable, Sendable {
    public var text: TextQuery
    /// The records whose notes contain `text` (`TextQuery.subjectIDs(of:in:)`): they match the text too.
    /// Found once per query by whoever sets the text, so matching a row is one set lookup.
    public var notedIDs: Set<UUID> = []
    public var status: Set<VendorStatus>
    public var category: Set<VendorCategory>
    /// Whether archived vendors are shown too; by default they are hidden.
    public var includesArchived: Bool

    public init(text: String = "", status: Set<VendorStatus> = [], category: Set<VendorCategory> = [],
                includesArchived: Bool = false) {
        self.text = TextQuery(text)
        self.status = status
        self.category = category
        self.includesArchived = includesArchived
    }

    public func matches(_ vendor: Vendor) -> Bool {
        (includesArchived || !vendor.isArchived)
            && (status.isEmpty || status.contains(vendor.status))
            && (category.isEmpty || category.contains(vendor.category))
            && (text.matches(vendor.name, vendor.contactName, vendor.email, vendor.phone, vendor.website, vendor.notes,
                              vendor.review) || notedIDs.contains(vendor.id))
    }
}

/// Which tasks to show.
public struct TaskFilter: Hashable, Sendable {
    public var text: TextQuery
    /// The records whose notes contain `text` (`TextQuery.subjectIDs(of:in:)`): they match the text too.
    /// Found once per query by whoever sets the text, so matching a row is one set lookup.
    public var notedIDs: Set<UUID> = []
    public var status: Set<TaskStatus>
    public var priority: Set<TaskPriority>
    public var assignee: String?

    public init(text: String = "", status: Set<TaskStatus> = [], priority: Set<TaskPriority> = [],
                assignee: String? = nil) {
        self.text = TextQuery(text)
        self.status = status
        self.priority = priority
        self.assignee = assignee
    }

    public func matches(_ task: WeddingTask) -> Bool {
        (status.isEmpty || status.contains(task.status))
            && (priority.isEmpty || priority.contains(task.priority))
            && (assignee == nil || task.assignees.contains { $0.caseInsensitiveCompare(assignee!) == .orderedSame })
            && (text.isEmpty || text.matches(task.title, task.details, task.assignees.joined(separator: " "))
                || task.subtasks.contains { text.matches($0.title) } || notedIDs.contains(task.id))
    }
}
