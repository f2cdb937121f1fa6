import Foundation

/// What a gift is.
public enum GiftKind: String, Sendable, Codable, CaseIterable {
    /// A thing: from the registry or not.
    case item
    /// Money: cash, a cheque, a transfer, a honeymoon fund.
    case money
    /// Something done or given to do: a dinner, a class, a trip.
    case experience
}

/// How a thank-you was sent.
public enum ThankYouMethod: String, Sendable, Codable, CaseIterable {
    case card, letter, email, message, phone
    case inPerson = "in-person"
}

/// A gift the couple received, from guests on the list or from someone else, and the thank-you
/// it is owed. A guest's "gift received" and "thank-you sent" are views of these records.
public struct Gift: Record {
    public static let kind = RecordKind.gift

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    /// The guests it is from (a household gives one gift from several guests); may be empty.
    public var guestIDs: [UUID]
    /// Who it is from, as written, when that is not (only) guests on the list: "The Okafors",
    /// "Ana's office".
    public var from: String
    /// What it is: "Stand mixer", "Cheque".
    public var description: String
    public var giftKind: GiftKind
    /// The value if it is money or known; `nil` when not known.
    public var value: Money?
    /// When it arrived; `nil` when not recorded.
    public var receivedOn: CalendarDate?
    public var thankYouSent: Bool
    /// When the thank-you went out; `nil` when not sent or not recorded.
    public var thankYouSentOn: CalendarDate?
    public var thankYouMethod: ThankYouMethod?
    /// Whether a money gift counts as income in the budget summary.
    public var countsAsIncome: Bool
    public var notes: String

    public init(id: UUID = UUID(), guestIDs: [UUID] = [], from: String = "", description: String = "",
                giftKind: GiftKind = .item, value: Money? = nil, receivedOn: CalendarDate? = nil,
                thankYouSent: Bool = false, thankYouSentOn: CalendarDate? = nil, thankYouMethod: ThankYouMethod? = nil,
                countsAsIncome: Bool = false, notes: String = "", createdAt: Timestamp = Timestamp(Date()),
                version: Int = 1) {
        self.id = id
        self.guestIDs = guestIDs
        self.from = from
        self.description = description
        self.giftKind = giftKind
        self.value = value
        self.receivedOn = receivedOn
        self.thankYouSent = thankYouSent
        self.thankYouSentOn = thankYouSentOn
        self.thankYouMethod = thankYouMethod
        self.countsAsIncome = countsAsIncome
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// A thank-you is still to write.
    public var needsThankYou: Bool { !thankYouSent }

    /// What counts as income in the budget summary: a money gift's value, when it is to count.
    public var income: Money { giftKind == .money && countsAsIncome ? value ?? .zero : .zero }
}
