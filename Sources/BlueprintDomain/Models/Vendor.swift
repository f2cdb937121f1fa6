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

/// How far along the couple is with a vendor. (Putting a vendor away is `Vendor.isArchived`,
/// not a status.)
public enum VendorStatus: String, Sendable, Codable, CaseIterable {
    case researching, contacted, quoted, booked, declined

    /// The status builds before the archive flag gave a vendor they put away. Such a vendor,
    /// read from a file or an imported cell, is archived with the status `declined`.
    public static let formerArchivedStatus = "archived"
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
    /// The couple's stars for the vendor, 1 to 5; `nil` until they rate it.
    public var rating: Int?
    /// What the couple would tell a friend about the vendor.
    public var review: String
    /// Whether they would book the vendor again; `nil` until they say.
    public var wouldBookAgain: Bool?
    /// Put away: left out of the vendor list (unless asked for) and of the figures, its status
    /// and history kept.
    public var isArchived: Bool

    public init(id: UUID = UUID(), name: String, category: VendorCategory = .other, status: VendorStatus = .researching,
                contactName: String = "", phone: String = "", email: String = "", website: String = "",
                quotedAmount: Money? = nil, bookedDate: CalendarDate? = nil, budgetCategoryID: UUID? = nil,
                notes: String = "", rating: Int? = nil, review: String = "", wouldBookAgain: Bool? = nil,
                isArchived: Bool = false, createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
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
        self.rating = rating
        self.review = review
        self.wouldBookAgain = wouldBookAgain
        self.isArchived = isArchived
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }
}

extension Vendor {
    /// Reads files written before vendors had a rating, a review, "would book again" and the
    /// archive flag; the status "archived" of those files reads as declined and archived.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
        version = try container.decode(Int.self, forKey: .version)
        name = try container.decode(String.self, forKey: .name)
        category = try container.decode(VendorCategory.self, forKey: .category)
        let storedStatus = try container.decode(StoredVendorStatus.self, forKey: .status)
        status = storedStatus.status
        contactName = try container.decode(String.self, forKey: .contactName)
        phone = try container.decode(String.self, forKey: .phone)
        email = try container.decode(String.self, forKey: .email)
        website = try container.decode(String.self, forKey: .website)
        quotedAmount = try container.decodeIfPresent(Money.self, forKey: .quotedAmount)
        bookedDate = try container.decodeIfPresent(CalendarDate.self, forKey: .bookedDate)
        budgetCategoryID = try container.decodeIfPresent(UUID.self, forKey: .budgetCategoryID)
        notes = try container.decode(String.self, forKey: .notes)
        rating = try container.decodeIfPresent(Int.self, forKey: .rating)
        review = try container.decodeIfPresent(String.self, forKey: .review) ?? ""
        wouldBookAgain = try container.decodeIfPresent(Bool.self, forKey: .wouldBookAgain)
        let archivedByFlag = try container.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false
        isArchived = archivedByFlag || storedStatus.isFormerArchived
    }
}

/// A vendor's status as a file holds it: one of today's, or the former "archived".
private struct StoredVendorStatus: Decodable {
    var status: VendorStatus
    var isFormerArchived: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        isFormerArchived = text == VendorStatus.formerArchivedStatus
        if isFormerArchived {
            status = .declined
        } else if let known = VendorStatus(rawValue: text) {
            status = known
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Cannot initialize VendorStatus from invalid String value \(text)")
        }
    }
}
