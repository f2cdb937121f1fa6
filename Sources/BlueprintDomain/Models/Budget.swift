import Foundation

/// A budget category, optionally nested under a parent ("Attire" under "Wedding party").
public struct BudgetCategory: Record {
    public static let kind = RecordKind.category

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var name: String
    public var allocated: Money
    public var parentID: UUID?
    public var notes: String

    public init(id: UUID = UUID(), name: String, allocated: Money = .zero, parentID: UUID? = nil, notes: String = "",
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.name = name
        self.allocated = allocated
        self.parentID = parentID
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }
}

/// Where an expense stands with its payee.
public enum PaymentStatus: String, Sendable, Codable, CaseIterable {
    case pending, partial, paid, overdue, cancelled, refunded

    /// Cancelled and refunded expenses no longer count against the budget.
    public var isCommitted: Bool { self != .cancelled && self != .refunded }
}

/// One payment of an expense's schedule (a deposit, a balance).
public struct Installment: Hashable, Sendable, Codable, Identifiable {
    public var id: UUID
    public var amount: Money
    public var dueDate: CalendarDate
    public var paidDate: CalendarDate?

    public init(id: UUID = UUID(), amount: Money, dueDate: CalendarDate, paidDate: CalendarDate? = nil) {
        self.id = id
        self.amount = amount
        self.dueDate = dueDate
        self.paidDate = paidDate
    }

    public var isPaid: Bool { paidDate != nil }
}

/// Money committed to something, in one category, possibly paid in installments.
public struct Expense: Record {
    public static let kind = RecordKind.expense

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var name: String
    public var categoryID: UUID
    public var vendorID: UUID?
    public var amount: Money
    public var dueDate: CalendarDate?
    public var paymentStatus: PaymentStatus
    public var paymentMethod: String
    public var notes: String
    public var installments: [Installment]
    /// Shares counted in other categories; `categoryID` counts what they leave. Empty when the
    /// whole expense is in its own category.
    public var allocations: [ExpenseAllocation]

    public init(id: UUID = UUID(), name: String, categoryID: UUID, vendorID: UUID? = nil, amount: Money,
                dueDate: CalendarDate? = nil, paymentStatus: PaymentStatus = .pending, paymentMethod: String = "",
                notes: String = "", installments: [Installment] = [], allocations: [ExpenseAllocation] = [],
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.name = name
        self.categoryID = categoryID
        self.vendorID = vendorID
        self.amount = amount
        self.dueDate = dueDate
        self.paymentStatus = paymentStatus
        self.paymentMethod = paymentMethod
        self.notes = notes
        self.installments = installments
        self.allocations = allocations
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// Counts against the budget: the amount, unless cancelled or refunded.
    public var committed: Money { paymentStatus.isCommitted ? amount : .zero }

    /// What has been paid: everything once marked paid, else the paid installments.
    public var paid: Money {
        switch paymentStatus {
        case .paid: return amount
        case .cancelled, .refunded: return .zero
        case .pending, .partial, .overdue: return installments.filter(\.isPaid).sum(\.amount)
        }
    }

    /// Still to pay on a committed expense.
    public var outstanding: Money { paymentStatus.isCommitted ? max(.zero, amount - paid) : .zero }

    private enum CodingKeys: String, CodingKey {
        case id, createdAt, updatedAt, version, name, categoryID, vendorID, amount, dueDate, paymentStatus, paymentMethod,
             notes, installments, allocations
    }

    /// Reads files written before expenses could be split across categories.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
        version = try container.decode(Int.self, forKey: .version)
        name = try container.decode(String.self, forKey: .name)
        categoryID = try container.decode(UUID.self, forKey: .categoryID)
        vendorID = try container.decodeIfPresent(UUID.self, forKey: .vendorID)
        amount = try container.decode(Money.self, forKey: .amount)
        dueDate = try container.decodeIfPresent(CalendarDate.self, forKey: .dueDate)
        paymentStatus = try container.decode(PaymentStatus.self, forKey: .paymentStatus)
        paymentMethod = try container.decode(String.self, forKey: .paymentMethod)
        notes = try container.decode(String.self, forKey: .notes)
        installments = try container.decode([Installment].self, forKey: .installments)
        allocations = try container.decodeIfPresent([ExpenseAllocation].self, forKey: .allocations) ?? []
    }
}
