import Foundation

/// Where an invitation came from.
public enum InvitedBy: String, Sendable, Codable, CaseIterable {
    case partner1, partner2, both
}

/// A guest's answer, from first invitation to final reply.
public enum RSVPStatus: String, Sendable, Codable, CaseIterable {
    case invited, pending, attending, maybe, declined

    /// Whether the guest has given a definite answer.
    public var hasResponded: Bool { self == .attending || self == .declined }
}

/// A postal address; every part is optional free text.
public struct Address: Hashable, Sendable, Codable {
    public var line1: String
    public var line2: String
    public var city: String
    public var region: String
    public var postalCode: String
    public var country: String

    public init(line1: String = "", line2: String = "", city: String = "", region: String = "",
                postalCode: String = "", country: String = "") {
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }

    public var isEmpty: Bool { [line1, line2, city, region, postalCode, country].allSatisfy(\.isEmpty) }
}

/// One invited person. Empty text means "not given". Gifts are records of their own (`Gift`).
public struct Guest: Record {
    public static let kind = RecordKind.guest

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var firstName: String
    public var lastName: String
    public var email: String
    public var phone: String
    /// Household or group that is invited together ("The Okafors").
    public var household: String
    public var invitedBy: InvitedBy
    public var relationship: String
    public var rsvp: RSVPStatus
    public var plusOneAllowed: Bool
    public var plusOneName: String
    public var plusOneAttending: Bool
    /// The plus-one's meal: one of the wedding's meal options, or empty.
    public var plusOneMealChoice: String
    public var plusOneDietaryRestrictions: String
    /// One of the wedding's meal options, or empty.
    public var mealChoice: String
    public var dietaryRestrictions: String
    public var accessibilityNeeds: String
    public var table: Int?
    public var seat: Int?
    public var weddingPartyRole: String
    public var address: Address
    public var notes: String

    public init(id: UUID = UUID(), firstName: String, lastName: String, email: String = "", phone: String = "",
                household: String = "", invitedBy: InvitedBy = .both, relationship: String = "",
                rsvp: RSVPStatus = .invited, plusOneAllowed: Bool = false, plusOneName: String = "",
                plusOneAttending: Bool = false, plusOneMealChoice: String = "", plusOneDietaryRestrictions: String = "",
                mealChoice: String = "", dietaryRestrictions: String = "",
                accessibilityNeeds: String = "", table: Int? = nil, seat: Int? = nil, weddingPartyRole: String = "",
                address: Address = Address(), notes: String = "", createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.household = household
        self.invitedBy = invitedBy
        self.relationship = relationship
        self.rsvp = rsvp
        self.plusOneAllowed = plusOneAllowed
        self.plusOneName = plusOneName
        self.plusOneAttending = plusOneAttending
        self.plusOneMealChoice = plusOneMealChoice
        self.plusOneDietaryRestrictions = plusOneDietaryRestrictions
        self.mealChoice = mealChoice
        self.dietaryRestrictions = dietaryRestrictions
        self.accessibilityNeeds = accessibilityNeeds
        self.table = table
        self.seat = seat
        self.weddingPartyRole = weddingPartyRole
        self.address = address
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// "First Last", or whichever part is given.
    public var fullName: String {
        [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The household compared as people mean it: without case or surrounding spaces; `nil`
    /// for a guest with none. Guests with the same key are one household.
    ///
    /// Trimmed here as `trimmingCharacters(in: .whitespaces)` trims (tabs and space separators),
    /// without Foundation, which cost some 18 µs a guest on Linux: a household's page and the
    /// figures read every guest's key.
    public var householdKey: String? {
        let scalars = household.unicodeScalars
        guard let first = scalars.firstIndex(where: { !TextFolding.isSpace($0) }),
              let last = scalars.lastIndex(where: { !TextFolding.isSpace($0) }) else { return nil }
        return String(scalars[first...last]).lowercased()
    }

    /// Whether the guest is of the household whose key is `key` (`householdKey == key`), told
    /// without making the guest's key: a household's RSVP page looks through every guest.
    /// Households written in ASCII are compared byte by byte; others through `householdKey`.
    public func isInHousehold(withKey key: String) -> Bool {
        let text = household.utf8, wanted = key.utf8
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else {
            return false
        }
        let trimmed = text[first...last]
        guard trimmed.allSatisfy({ $0 < 0x80 }) else { return householdKey == key }
        guard trimmed.count == wanted.count else { return false }
        return zip(trimmed, wanted).allSatisfy { byte, wantedByte in
            ((0x41...0x5A).contains(byte) ? byte + 0x20 : byte) == wantedByte
        }
    }

    /// Whether the guest is attending and brings a plus-one who is allowed and coming.
    public var bringsPlusOne: Bool { rsvp == .attending && hasPlusOneComing }

    /// Whether the guest may bring a plus-one who said they are coming (whatever the guest's own answer).
    public var hasPlusOneComing: Bool { plusOneAllowed && plusOneAttending }

    /// People this guest brings if attending: the guest plus an attending plus-one.
    public var headcount: Int { rsvp == .attending ? 1 + (bringsPlusOne ? 1 : 0) : 0 }
}

extension Guest {
    /// Reads files and exports written before plus-ones had a meal and dietary needs.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
        version = try container.decode(Int.self, forKey: .version)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        email = try container.decode(String.self, forKey: .email)
        phone = try container.decode(String.self, forKey: .phone)
        household = try container.decode(String.self, forKey: .household)
        invitedBy = try container.decode(InvitedBy.self, forKey: .invitedBy)
        relationship = try container.decode(String.self, forKey: .relationship)
        rsvp = try container.decode(RSVPStatus.self, forKey: .rsvp)
        plusOneAllowed = try container.decode(Bool.self, forKey: .plusOneAllowed)
        plusOneName = try container.decode(String.self, forKey: .plusOneName)
        plusOneAttending = try container.decode(Bool.self, forKey: .plusOneAttending)
        plusOneMealChoice = try container.decodeIfPresent(String.self, forKey: .plusOneMealChoice) ?? ""
        plusOneDietaryRestrictions = try container.decodeIfPresent(String.self, forKey: .plusOneDietaryRestrictions) ?? ""
        mealChoice = try container.decode(String.self, forKey: .mealChoice)
        dietaryRestrictions = try container.decode(String.self, forKey: .dietaryRestrictions)
        accessibilityNeeds = try container.decode(String.self, forKey: .accessibilityNeeds)
        table = try container.decodeIfPresent(Int.self, forKey: .table)
        seat = try container.decodeIfPresent(Int.self, forKey: .seat)
        weddingPartyRole = try container.decode(String.self, forKey: .weddingPartyRole)
        address = try container.decode(Address.self, forKey: .address)
        notes = try container.decode(String.self, forKey: .notes)
    }
}
