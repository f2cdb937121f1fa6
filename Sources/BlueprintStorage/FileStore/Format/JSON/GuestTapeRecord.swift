import BlueprintDomain

/// Guests are read off the tape directly: a guest list is nearly all of a wedding's text. The
/// fields are the synthesised `CodingKeys`, in the order the encoder writes them; a test checks
/// they are every key an encoded guest has.
extension Guest: TapeRecord {
    enum TapeField: Int, CaseIterable {
        case accessibilityNeeds, address, createdAt, dietaryRestrictions, email, firstName, household, id,
             invitedBy, lastName, mealChoice, notes, phone, plusOneAllowed, plusOneAttending,
             plusOneDietaryRestrictions, plusOneMealChoice, plusOneName, relationship, rsvp, seat, table, updatedAt, version, weddingPartyRole
    }

    private static let tapeFields = TapeFields<TapeField>()

    init?(tapeObject object: Int32, in reader: TapeReader) {
        let read = Self.tapeFields.read(object, in: reader) { values -> Guest? in
            guard let id = values.uuid(.id), let createdAt = values.timestamp(.createdAt),
                  let updatedAt = values.timestamp(.updatedAt), let version = values.integer(.version),
                  let firstName = values.string(.firstName), let lastName = values.string(.lastName),
                  let email = values.string(.email), let phone = values.string(.phone),
                  let household = values.string(.household), let invitedBy = values.value(.invitedBy, as: InvitedBy.self),
                  let relationship = values.string(.relationship), let rsvp = values.value(.rsvp, as: RSVPStatus.self),
                  let plusOneAllowed = values.bool(.plusOneAllowed), let plusOneName = values.string(.plusOneName),
                  let plusOneAttending = values.bool(.plusOneAttending),
                  let plusOneMealChoice = values.string(.plusOneMealChoice, absent: ""),
                  let plusOneDietaryRestrictions = values.string(.plusOneDietaryRestrictions, absent: ""),
                  let mealChoice = values.string(.mealChoice),
                  let dietaryRestrictions = values.string(.dietaryRestrictions),
                  let accessibilityNeeds = values.string(.accessibilityNeeds),
                  let table = values.optionalInteger(.table), let seat = values.optionalInteger(.seat),
                  let weddingPartyRole = values.string(.weddingPartyRole), let address = values.record(.address, as: Address.self),
                  let notes = values.string(.notes)
            else { return nil }
            var guest = Guest(id: id, firstName: firstName, lastName: lastName, email: email, phone: phone, household: household,
                              invitedBy: invitedBy, relationship: relationship, rsvp: rsvp, plusOneAllowed: plusOneAllowed,
                              plusOneName: plusOneName, plusOneAttending: plusOneAttending,
                              plusOneMealChoice: plusOneMealChoice, plusOneDietaryRestrictions: plusOneDietaryRestrictions,
                              mealChoice: mealChoice,
                              dietaryRestrictions: dietaryRestrictions, accessibilityNeeds: accessibilityNeeds, table: table,
                              seat: seat, weddingPartyRole: weddingPartyRole, address: address, notes: notes, createdAt: createdAt, version: version)
            guest.updatedAt = updatedAt
            return guest
        }
        guard let read else { return nil }
        self = read
    }
}

extension Address: TapeRecord {
    enum TapeField: Int, CaseIterable {
        case city, country, line1, line2, postalCode, region
    }

    private static let tapeFields = TapeFields<TapeField>()

    init?(tapeObject object: Int32, in reader: TapeReader) {
        let read = Self.tapeFields.read(object, in: reader) { values -> Address? in
            guard let line1 = values.string(.line1), let line2 = values.string(.line2), let city = values.string(.city),
                  let region = values.string(.region), let postalCode = values.string(.postalCode),
                  let country = values.string(.country)
            else { return nil }
            return Address(line1: line1, line2: line2, city: city, region: region, postalCode: postalCode, country: country)
        }
        guard let read else { return nil }
        self = read
    }
}
