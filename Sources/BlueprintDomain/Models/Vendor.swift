import Foundation

/// What a vendor provides.
public enum VendorCategory: String, Sendable, Codable, CaseIterable {
    case venue, catering, photography, videography, florist, music, officiant, attire
    case hairAndMakeup = "hair-and-makeup"
    case cake, stationery, transport, rentals, other

    /// Name shown to people: "Hair & makeup".
    public var displayName: String {
        switch self {
        case .hairAndMakeup: return "Hair & makeup"
        default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }
}

/// How far along the couple is with a vendor.
public enum VendorStatus: String, Sendable, Codable, CaseIterable {
    case researching, contacted, quoted, booked, declined, archived
}

/// A business the couple works with or is considering.
public struct Vendor: Record {
    public static let kind = RecordKind.vendor

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var name: String
    public var category: VendorCategory
    public var status: VendorStatus
    public var contactName: String
    public var phone: String
    public var email: String
    public var website: String
    public var quotedAmount: Money?
    public var bookedDate: CalendarDate?
    public var budgetCategoryID: UUID?
    public var notes: String

    public init(id: UUID = UUID(), name: String, category: VendorCategory = .other, status: VendorStatus = .researching,
                contactName: String = "", phone: String = "", email: String = "", website: String = "",
                quotedAmount: Money? = nil, bookedDate: CalendarDate? = nil, budgetCategoryID: UUID? = nil,
                notes: String = "", createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.name = name
        self.category = category
        self.status = status
        self.contactName = contactName
        self.phone = phone
        self.email = email
        self.website = website
        self.quotedAmount = quotedAmount
        self.bookedDate = bookedDate
        self.budgetCategoryID = budgetCategoryID
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }
}
