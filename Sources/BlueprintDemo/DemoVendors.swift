import BlueprintDomain
import Foundation

/// The demo's vendors: a hand-written cast first (one booked per essential, a quote, a
/// declined one, a backup being contacted, one still researched), then made-up businesses.
/// Most booked vendors are rated, some reviewed; declined ones are put away (archived) now and
/// then.
enum DemoVendors {
    private struct Plan {
        var name: String
        /// Lower-case ASCII form of the name, for the website and email domain.
        var slug: String
        var category: VendorCategory
        var status: VendorStatus
        var contact: String = ""
        var line: DemoBudgetLine?
        /// The quote, as a share of the budget line's allocation.
        var quotePercent: Int?
        var bookedDaysAgo: Int?
        var notes: String = ""
        /// Put away by the couple; only declined vendors are.
        var isArchived = false
    }

    private static let cast: [Plan] = [
        Plan(name: "The Glasshouse at Willow Creek", slug: "glasshousewillowcreek", category: .venue, status: .booked,
             contact: "Harriet Lowe", line: .venue, quotePercent: 95, bookedDaysAgo: 205,
             notes: "Ceremony on the lawn, reception in the glasshouse; rain plan included"),
        Plan(name: "Saffron & Sage Catering", slug: "saffronandsage", category: .catering, status: .booked,
             contact: "Marisol Ortega", line: .catering, quotePercent: 88, bookedDaysAgo: 150,
             notes: "Final headcount 14 days before"),
        Plan(name: "Lumière Photo Co.", slug: "lumierephoto", category: .photography, status: .booked,
             contact: "Camille Besson", line: .photography, quotePercent: 72, bookedDaysAgo: 165,
             notes: "8 hours, second shooter, online gallery 📸"),
        Plan(name: "Bloom & Vine", slug: "bloomandvine", category: .florist, status: .booked, contact: "Hana Yoshida",
             line: .flowers, quotePercent: 82, bookedDaysAgo: 60),
        Plan(name: "The Midnight Brass Band", slug: "midnightbrass", category: .music, status: .booked,
             contact: "Theo Marsh", line: .music, quotePercent: 70, bookedDaysAgo: 125,
             notes: "Two 45-minute sets; they take one request 🎺"),
        Plan(name: "Atelier Noor Bridal", slug: "ateliernoor", category: .attire, status: .booked,
             contact: "Noor Haddad", line: .dress, quotePercent: 100, bookedDaysAgo: 100),
        Plan(name: "Ceremonies by Grace", slug: "ceremoniesbygrace", category: .officiant, status: .booked,
             contact: "Grace Adebayo", line: .ceremony, quotePercent: 55, bookedDaysAgo: 80),
        Plan(name: "Sugar & Sparrow Bakery", slug: "sugarandsparrow", category: .cake, status: .quoted,
             contact: "Inés Castillo", line: .cake, quotePercent: 80, notes: "Tasting box: lemon, pistachio, chocolate"),
        Plan(name: "Paper Crane Press", slug: "papercranepress", category: .stationery, status: .booked,
             contact: "Kenji Mori", line: .stationery, quotePercent: 55, bookedDaysAgo: 75),
        Plan(name: "Silver Spur Vintage Cars", slug: "silverspur", category: .transport, status: .declined,
             contact: "Walt Brennan", line: .transport, quotePercent: 70,
             notes: "Declined: their cars are already out on our date", isArchived: true),
        Plan(name: "Glow Studio", slug: "glowstudio", category: .hairAndMakeup, status: .booked,
             contact: "Priyanka Rao", line: .beauty, quotePercent: 84, bookedDaysAgo: 14),
        Plan(name: "Petal Theory", slug: "petaltheory", category: .florist, status: .contacted, contact: "Sasha Ivanova",
             line: .flowers, notes: "Backup florist; waiting for a reply"),
        Plan(name: "DJ Nova", slug: "djnova", category: .music, status: .researching, line: .music,
             notes: "Recommended by the venue for the after-party"),
        Plan(name: "Oak & Linen Rentals", slug: "oakandlinen", category: .rentals, status: .booked,
             contact: "Bea Lindgren", line: .rentals, quotePercent: 90, bookedDaysAgo: 40),
        Plan(name: "Reel Love Films", slug: "reellovefilms", category: .videography, status: .booked,
             contact: "Marcus Lee", line: .photography, quotePercent: 25, bookedDaysAgo: 110),
        Plan(name: "Golden Hour Studio", slug: "goldenhourstudio", category: .photography, status: .declined,
             contact: "Iris Calloway", line: .photography, quotePercent: 120, notes: "Lovely work, out of budget",
             isArchived: true),
        Plan(name: "Lakeside Inn", slug: "lakesideinn", category: .other, status: .booked, contact: "Reservations desk",
             bookedDaysAgo: 190, notes: "Room block of 20 held until 30 days before"),
        Plan(name: "Bayline Shuttles", slug: "baylineshuttles", category: .transport, status: .quoted,
             contact: "Omar Siddiqui", line: .transport, quotePercent: 45, notes: "Two 24-seat shuttles, venue ⇄ hotel"),
    ]

    private static let madeUpStatuses: WeightedChoices<VendorStatus> = [
        .researching: 35, .contacted: 25, .quoted: 25, .booked: 5, .declined: 10,
    ]

    /// The stars the couple give a booked vendor so far.
    private static let stars: WeightedChoices<Int> = [5: 45, 4: 33, 3: 13, 2: 6, 1: 3]

    /// What the couple would tell a friend, by stars: before the day, so about replies, ideas,
    /// contracts and trials.
    private static let reviewLines: [Int: [String]] = [
        5: ["Quick to answer and full of ideas", "Calm, kind and very organised", "Went out of their way for us ✨",
            "Clear contract, no surprises", "Listened to everything we asked for"],
        4: ["Lovely so far; replies take a few days", "Great ideas, a little pricey", "Friendly; one invoice needed fixing",
            "Good, but strict about the deposit"],
        3: ["Fine, but hard to reach", "Good work, slow paperwork", "Nice people, muddled about our date"],
        2: ["Missed our meeting twice", "Raised the price after we signed"],
        1: ["Rude on the phone; looking for a backup"],
    ]

    private static let nameStarts = ["Willow", "Golden", "Juniper", "Harbor", "Copper", "Bluebird", "Ivy", "Maple",
                                     "Silver", "Meadow", "Cedar", "Velvet", "Marigold", "North Star", "Little"]

    private static func nameEnd(_ category: VendorCategory) -> String {
        switch category {
        case .venue: return "Estate"
        case .catering: return "Kitchen"
        case .photography: return "Photography"
        case .videography: return "Films"
        case .florist: return "Flower Co."
        case .music: return "Quartet"
        case .officiant: return "Ceremonies"
        case .attire: return "Bridal"
        case .hairAndMakeup: return "Beauty"
        case .cake: return "Cakes"
        case .stationery: return "Letterpress"
        case .transport: return "Limousines"
        case .rentals: return "Event Rentals"
        case .other: return "Events"
        }
    }

    /// `count` vendors, linked to `budget`'s categories. The couple's opinions (stars, reviews,
    /// would-book-again, which declined vendors they put away) come from `opinionRandom`, so
    /// they leave every other field as `random` alone makes it.
    static func make(count: Int, budget: DemoBudget, timeline: DemoTimeline, random: inout SeededRandom,
                     opinionRandom: inout SeededRandom) -> [Vendor] {
        var vendors: [Vendor] = []
        vendors.reserveCapacity(count)
        for index in 0..<count {
            var plan = index < cast.count ? cast[index] : madeUpPlan(random: &random)
            if index >= cast.count, plan.status == .declined { plan.isArchived = opinionRandom.chance(50) }
            var vendor = vendor(plan, budget: budget, timeline: timeline, random: &random)
            if vendor.status == .booked { judge(&vendor, random: &opinionRandom) }
            vendors.append(vendor)
        }
        return vendors
    }

    /// Most booked vendors get stars; some of those a review, and some a would-book-again that
    /// agrees with the stars.
    private static func judge(_ vendor: inout Vendor, random: inout SeededRandom) {
        guard random.chance(80) else { return }
        let rating = random.pick(stars)
        vendor.rating = rating
        if random.chance(60) { vendor.review = random.pick(reviewLines[rating]!) }
        if random.chance(70) { vendor.wouldBookAgain = rating == 3 ? random.chance(50) : rating > 3 }
    }

    /// The id of the first vendor of each category: the one expenses and tasks of that kind name.
    static func firstByCategory(_ vendors: [Vendor]) -> [VendorCategory: UUID] {
        var firsts: [VendorCategory: UUID] = [:]
        for vendor in vendors where firsts[vendor.category] == nil { firsts[vendor.category] = vendor.id }
        return firsts
    }

    private static func madeUpPlan(random: inout SeededRandom) -> Plan {
        let category = random.pick(VendorCategory.allCases)
        let start = random.pick(nameStarts)
        let end = nameEnd(category)
        let status = random.pick(madeUpStatuses)
        let culture = random.pick(DemoCulture.weighted)
        let contact = status == .researching ? ""
            : random.pick(culture.givenNames).written + " " + random.pick(culture.familyNames).written
        let hasQuote = [.quoted, .booked, .declined].contains(status)
        return Plan(name: "\(start) \(end)", slug: (start + end).lowercased().filter { $0.isLetter }, category: category,
                    status: status, contact: contact, line: DemoBudget.line(for: category),
                    quotePercent: hasQuote ? random.int(in: 40...120) : nil,
                    bookedDaysAgo: status == .booked ? random.int(in: 5...200) : nil)
    }

    private static func vendor(_ plan: Plan, budget: DemoBudget, timeline: DemoTimeline,
                               random: inout SeededRandom) -> Vendor {
        let quoteBase = plan.line.map(budget.allocation) ?? DemoMoney.dollars(3_000)
        let bookedDate = plan.bookedDaysAgo.map { DemoDay.fromToday(-$0).date(in: timeline) }
        let contacted = plan.status != .researching
        let contactFirstName = plan.contact.split(separator: " ").first.map(String.init) ?? ""
        let mailbox = contactFirstName.folding(options: .diacriticInsensitive, locale: nil).lowercased()
            .filter { $0.isASCII && $0.isLetter }
        var vendor = Vendor(
            id: random.uuid(), name: plan.name, category: plan.category, status: plan.status, contactName: plan.contact,
            phone: contacted ? DemoPlaces.usPhone(areaCode: DemoPlaces.areaCode(random: &random), random: &random) : "",
            email: contacted ? (mailbox.isEmpty ? "hello" : mailbox) + "@\(plan.slug).example" : "",
            website: "https://www.\(plan.slug).example",
            quotedAmount: plan.quotePercent.map { DemoMoney.share(of: quoteBase, percent: $0, step: 50, random: &random) },
            bookedDate: bookedDate, budgetCategoryID: plan.line.map(budget.id), notes: plan.notes,
            isArchived: plan.isArchived)
        timeline.stamp(&vendor, createdBy: bookedDate, random: &random)
        return vendor
    }
}
