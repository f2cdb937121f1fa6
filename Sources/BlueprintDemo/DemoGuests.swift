import BlueprintDomain
/// The demo's guest list: households that share a family name and an address, from both
/// partners' families and friends and from many cultures and scripts, seated together at
/// tables of eight to ten. The parents and the wedding party come first.
enum DemoGuests {
    private static let chicken = "Herb-roasted chicken", shortRib = "Braised short rib", salmon = "Seared salmon"
    private static let risotto = "Wild mushroom risotto", tagine = "Vegan tagine"
    /// The wedding's meal options, which every guest's meal choice is one of.
    static let mealOptions = [chicken, shortRib, salmon, risotto, tagine]

    /// Dietary restrictions, each with the meals that suit it (nil: any).
    private static let diets: [(restriction: String, meals: [String]?)] = [
        ("Vegetarian", [risotto, tagine]), ("Vegan", [tagine]), ("Pescatarian", [salmon, risotto, tagine]),
        ("Gluten-free", nil), ("Severe nut allergy ⚠️", nil), ("Shellfish allergy", [chicken, shortRib, risotto, tagine]),
        ("Halal", [salmon, risotto, tagine]), ("Kosher", [salmon, risotto, tagine]), ("Lactose intolerant", nil),
        ("No pork", nil),
    ]

    private static let accessibilityNeeds = [
        "Wheelchair user: step-free route and room at the table", "Uses a walker; an aisle seat please",
        "Hard of hearing; seat away from the speakers", "Low vision; a large-print menu",
        "Needs to sit near an exit", "Service dog (Biscuit 🐕)",
    ]

    private static let notes = [
        "Flying in the day before ✈️", "Bringing the famous lemon cake 🍋", "Known to everyone as “Coach” 🏀",
        "Giving a toast 🥂", "Newborn in tow 👶: needs a quiet corner", "Staying at the Lakeside Inn 🏨", "Dance-floor legend 💃🕺", "👨‍👩‍👧 traveling together by train",
        "Met at the climbing gym 🧗", "Not a fan of cilantro 🌿", "Prefers a call to an email",
        "Ask about the hotel block", "Sent a lovely card already",
    ]

    /// Wedding party roles, alternating between the partners' sides.
    private static let roles = ["Honor attendant", "Honor attendant", "Attendant", "Attendant", "Attendant",
                                "Attendant", "Usher", "Usher", "Reader", "Witness"]

    private static let friendships = ["Friend", "College friend", "Childhood friend", "Colleague"]
    private static let sides: WeightedChoices<InvitedBy> = [.partner1: 42, .partner2: 42, .both: 16]
    private static let relationships: WeightedChoices<String> = [
        "Family": 30, "Friend": 25, "College friend": 12, "Colleague": 14, "Childhood friend": 8, "Family friend": 6,
        "Neighbor": 5,
    ]
    /// Relationships of households both partners invite.
    private static let sharedRelationships: WeightedChoices<String> = ["Family friend": 2, "Neighbor": 1, "Mutual friend": 2]
    private static let householdSizes: WeightedChoices<Int> = [1: 34, 2: 40, 3: 12, 4: 10, 5: 4]
    private static let answers: WeightedChoices<RSVPStatus> = [
        .attending: 60, .declined: 12, .pending: 11, .maybe: 5, .invited: 12,
    ]

    /// `count` guests for `couple`, each valid against `mealOptions`, and the households that
    /// have sent a gift (their heads).
    static func make(count: Int, couple: DemoCouple, timeline: DemoTimeline,
                     random: inout SeededRandom) -> (guests: [Guest], givers: [DemoGiver]) {
        var builder = Builder(count: count, couple: couple, timeline: timeline, random: random)
        while builder.guests.count < count { builder.addHousehold() }
        random = builder.random
        return (builder.guests, builder.givers.filter { giver in builder.guests.contains { $0.id == giver.guestID } })
    }

    /// Who a household is and how it answered.
    private struct Household {
        var culture: DemoCulture
        var familyName: DemoName
        var size: Int
        var invitedBy: InvitedBy
        var relationship: String
        var rsvp: RSVPStatus
        /// Wedding party role of a one-person household (who always brings a plus-one).
        var role = ""
        /// Parents and the wedding party always have a table; others now and then wait for one.
        var alwaysSeated = false
    }

    private struct Builder {
        let count: Int
        let couple: DemoCouple
        let timeline: DemoTimeline
        var random: SeededRandom
        var guests: [Guest] = []
        /// The household heads who have sent a gift already.
        var givers: [DemoGiver] = []
        private let partySize: Int
        private var households = 0, randomHouseholds = 0
        private var labelUses: [String: Int] = [:]
        private var table = 0, nextSeat = 1, tableSize = 0

        init(count: Int, couple: DemoCouple, timeline: DemoTimeline, random: SeededRandom) {
            self.count = count
            self.couple = couple
            self.timeline = timeline
            self.random = random
            partySize = min(roles.count, max(0, count - 4) / 15)
            guests.reserveCapacity(count)
        }

        mutating func addHousehold() {
            var household: Household
            switch households {
            case 0, 1:
                let partner = households == 0 ? couple.partner1 : couple.partner2
                household = Household(culture: partner.culture, familyName: partner.parentsFamilyName, size: 2,
                                      invitedBy: households == 0 ? .partner1 : .partner2, relationship: "Parents",
                                      rsvp: .attending, alwaysSeated: true)
            case 2 ..< 2 + partySize:
                household = partyMember(households - 2)
            default:
                household = randomHousehold()
            }
            household.size = min(household.size, count - guests.count)
            households += 1
            add(household)
        }

        private mutating func partyMember(_ index: Int) -> Household {
            let side: InvitedBy = index % 2 == 0 ? .partner1 : .partner2
            let partner = side == .partner1 ? couple.partner1 : couple.partner2
            let isSibling = (2..<4).contains(index)
            let culture = isSibling ? partner.culture : random.pick(DemoCulture.weighted)
            let familyName = isSibling ? partner.parentsFamilyName : random.pick(culture.familyNames)
            return Household(culture: culture, familyName: familyName, size: 1, invitedBy: side,
                             relationship: index < 2 ? "Best friend" : isSibling ? "Sibling" : random.pick(friendships),
                             rsvp: .attending, role: roles[index], alwaysSeated: true)
        }

        private mutating func randomHousehold() -> Household {
            let side = random.pick(sides)
            let relationship = random.pick(side == .both ? sharedRelationships : relationships)
            let partner = side == .partner2 || (side == .both && random.chance(50)) ? couple.partner2 : couple.partner1
            let isRelative = relationship == "Family" && random.chance(75)
            // The first households take each culture in turn, so even a short list shows every script.
            let culture = randomHouseholds < DemoCulture.allCases.count ? DemoCulture.allCases[randomHouseholds]
                : isRelative ? partner.culture : random.pick(DemoCulture.weighted)
            randomHouseholds += 1
            let sharesPartnersName = isRelative && culture == partner.culture && random.chance(35)
            return Household(
                culture: culture,
                familyName: sharesPartnersName ? partner.parentsFamilyName : random.pick(culture.familyNames),
                size: random.pick(householdSizes), invitedBy: side, relationship: relationship,
                rsvp: random.pick(answers))
        }

        private mutating func add(_ household: Household) {
            let abroad = random.chance(household.culture == .american ? 6 : 22)
            let address: Address, areaCode: String?
            if abroad {
                address = DemoPlaces.address(from: household.culture.homeAddresses, random: &random)
                areaCode = nil
            } else {
                (address, areaCode) = DemoPlaces.usAddress(random: &random)
            }
            let label = uniqueLabel(household.culture.householdLabel(household.familyName.written), city: address.city)
            let first = guests.count
            var givenNames: [String] = []
            for index in 0..<household.size {
                var given = random.pick(household.culture.givenNames)
                for _ in 0..<4 where givenNames.contains(given.written) { given = random.pick(household.culture.givenNames) }
                givenNames.append(given.written)
                var phone = ""
                if random.chance(index == 0 ? 65 : 15) {
                    if let areaCode {
                        phone = DemoPlaces.usPhone(areaCode: areaCode, random: &random)
                    } else if let prefix = household.culture.homePhonePrefix {
                        phone = prefix + String(random.int(in: 100...999))
                    }
                }
                var guest = Guest(id: random.uuid(), firstName: given.written, lastName: household.familyName.written,
                                  email: random.chance(index == 0 ? 80 : 40) ? email(given, household.familyName) : "",
                                  phone: phone, household: label, invitedBy: household.invitedBy,
                                  relationship: household.relationship, rsvp: answer(for: household, isHead: index == 0),
                                  weddingPartyRole: index == 0 ? household.role : "", address: address)
                addDetails(to: &guest, given: given, household: household, isHead: index == 0)
                timeline.stamp(&guest, random: &random)
                guests.append(guest)
            }
            if household.rsvp == .attending, household.alwaysSeated || random.chance(90) {
                seat(first..<guests.count)
            }
        }

        /// Most of a household answers together; now and then someone other than the parents or
        /// the wedding party cannot come.
        private mutating func answer(for household: Household, isHead: Bool) -> RSVPStatus {
            guard household.rsvp == .attending, !household.alwaysSeated, !isHead, random.chance(8) else {
                return household.rsvp
            }
            return random.pick([.declined, .maybe])
        }

        private mutating func addDetails(to guest: inout Guest, given: DemoName, household: Household, isHead: Bool) {
            if household.size == 1 {
                guest.plusOneAllowed = !household.role.isEmpty || random.chance(45)
            }
            if guest.plusOneAllowed {
                guest.plusOneAttending = guest.rsvp == .attending && (!household.role.isEmpty || random.chance(75))
                if random.chance(guest.plusOneAttending ? 65 : 30) {
                    let culture = random.pick(DemoCulture.weighted)
                    guest.plusOneName = random.pick(culture.givenNames).written + " "
                        + random.pick(culture.familyNames).written
                }
            }
            let diet = random.chance(11) ? random.pick(diets) : nil
            guest.dietaryRestrictions = diet?.restriction ?? ""
            if guest.rsvp == .attending, random.chance(92) {
                guest.mealChoice = random.pick(diet?.meals ?? mealOptions)
            }
            if guest.bringsPlusOne {
                let plusOneDiet = random.chance(11) ? random.pick(diets) : nil
                guest.plusOneDietaryRestrictions = plusOneDiet?.restriction ?? ""
                if random.chance(92) { guest.plusOneMealChoice = random.pick(plusOneDiet?.meals ?? mealOptions) }
            }
            if random.chance(3) { guest.accessibilityNeeds = random.pick(accessibilityNeeds) }
            if random.chance(7) {
                guest.notes = random.pick(notes)
            } else if random.chance(5), !given.written.allSatisfy(\.isASCII) {
                guest.notes = "Goes by “\(given.ascii.prefix(1).uppercased() + given.ascii.dropFirst())” 😊"
            }
            if isHead {
                let giftChance = switch guest.rsvp {
                case .declined: 35
                case .attending: 18
                case .invited, .pending, .maybe: 4
                }
                if random.chance(giftChance) { givers.append(DemoGiver(guestID: guest.id, thanked: random.chance(60))) }
            }
        }

        /// Seats the attending guests of the household at `members` side by side (each plus-one in
        /// the next seat), starting a new table of eight to ten when this one cannot take them all.
        private mutating func seat(_ members: Range<Int>) {
            var headcount = 0
            for index in members { headcount += guests[index].headcount }
            if table == 0 || nextSeat - 1 + headcount > tableSize {
                table += 1
                nextSeat = 1
                tableSize = random.int(in: 8...10)
            }
            for index in members where guests[index].rsvp == .attending {
                guests[index].table = table
                guests[index].seat = nextSeat
                nextSeat += guests[index].headcount
            }
        }

        /// "The Okafor family"; a second household of that name gets its city, a third a number.
        private mutating func uniqueLabel(_ base: String, city: String) -> String {
            let uses = labelUses[base, default: 0] + 1
            labelUses[base] = uses
            guard uses > 1 else { return base }
            let withCity = "\(base), \(city)"
            let cityUses = labelUses[withCity, default: 0] + 1
            labelUses[withCity] = cityUses
            return cityUses == 1 ? withCity : "\(withCity) (\(cityUses))"
        }

        private mutating func email(_ given: DemoName, _ family: DemoName) -> String {
            switch random.below(3) {
            case 0: return "\(given.ascii).\(family.ascii)@example.com"
            case 1: return "\(given.ascii)\(family.ascii)\(random.int(in: 1...99))@example.org"
            default: return "\(given.ascii.prefix(1)).\(family.ascii)@example.net"
            }
        }
    }
}
