import Foundation

/// A wedding: the tenant whose guests, budget, vendors and tasks are kept together.
public struct Wedding: Record {
    public static let kind = RecordKind.wedding
    public static let defaultMealOptions = ["Chicken", "Beef", "Fish", "Vegetarian", "Vegan"]

    public var weddingID: WeddingID
    public var id: UUID { weddingID.rawValue }
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    /// Display name, such as "Ana & Ben".
    public var name: String
    public var partner1Name: String
    public var partner2Name: String
    public var weddingDate: CalendarDate?
    public var currency: Currency
    public var totalBudget: Money
    /// The meals guests choose from, in the order shown.
    public var mealOptions: [String]
    public var rsvpDeadline: CalendarDate?

    public init(id: WeddingID = WeddingID(), name: String, partner1Name: String = "", partner2Name: String = "",
                weddingDate: CalendarDate? = nil, currency: Currency = .usd, totalBudget: Money = .zero,
                mealOptions: [String] = Wedding.defaultMealOptions, rsvpDeadline: CalendarDate? = nil,
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.weddingID = id
        self.name = name
        self.partner1Name = partner1Name
        self.partner2Name = partner2Name
        self.weddingDate = weddingDate
        self.currency = currency
        self.totalBudget = totalBudget
        self.mealOptions = mealOptions
        self.rsvpDeadline = rsvpDeadline
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    private enum CodingKeys: String, CodingKey {
        case weddingID = "id", createdAt, updatedAt, version, name, partner1Name, partner2Name, weddingDate,
             currency, totalBudget, mealOptions, rsvpDeadline
    }
}
