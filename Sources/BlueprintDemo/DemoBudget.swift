import BlueprintDomain
import Foundation

/// A budget category of the demo wedding.
enum DemoBudgetLine: CaseIterable {
    case venue, catering, bar, cake, attire, dress, suits, beauty, photography, flowers, music, stationery,
         ceremony, rings, transport, rentals, favors, contingency

    var name: String {
        switch self {
        case .venue: return "Venue"
        case .catering: return "Catering"
        case .bar: return "Bar & drinks"
        case .cake: return "Cake & desserts"
        case .attire: return "Attire & beauty"
        case .dress: return "Wedding dress"
        case .suits: return "Suits & tailoring"
        case .beauty: return "Hair & makeup"
        case .photography: return "Photography & video"
        case .flowers: return "Flowers & decor"
        case .music: return "Music & entertainment"
        case .stationery: return "Stationery & postage"
        case .ceremony: return "Ceremony & officiant"
        case .rings: return "Rings"
        case .transport: return "Transport"
        case .rentals: return "Rentals"
        case .favors: return "Favors & gifts"
        case .contingency: return "Contingency"
        }
    }

    /// The category this one is nested under (which comes before it in `allCases`).
    var parent: DemoBudgetLine? {
        switch self {
        case .bar, .cake: return .catering
        case .dress, .suits, .beauty: return .attire
        default: return nil
        }
    }

    /// The allocation in whole dollars: a fixed part, and a part per guest.
    private var dollars: (fixed: Int, perGuest: Int) {
        switch self {
        case .venue: return (9_000, 30)
        case .catering: return (0, 95)
        case .bar: return (0, 28)
        case .cake: return (500, 4)
        case .attire: return (300, 0)
        case .dress: return (2_400, 0)
        case .suits: return (1_100, 0)
        case .beauty: return (1_300, 0)
        case .photography: return (7_500, 0)
        case .flowers: return (2_400, 14)
        case .music: return (4_200, 0)
        case .stationery: return (250, 5)
        case .ceremony: return (900, 0)
        case .rings: return (3_800, 0)
        case .transport: return (1_500, 0)
        case .rentals: return (400, 18)
        case .favors: return (100, 6)
        case .contingency: return (2_500, 0)
        }
    }

    func allocation(plannedGuests: Int) -> Money {
        DemoMoney.dollars(dollars.fixed + dollars.perGuest * plannedGuests)
    }

    var notes: String {
        switch self {
        case .catering: return "Priced per head; final numbers due two weeks before"
        case .attire: return "Accessories and anything not in a sub-category"
        case .stationery: return "Save-the-dates, invitations, menus, place cards"
        case .contingency: return "Held back for surprises — try not to touch 🤞"
        default: return ""
        }
    }
}

/// The demo wedding's budget categories, and how to find each one's id and allocation.
struct DemoBudget {
    let categories: [BudgetCategory]
    private let byLine: [DemoBudgetLine: BudgetCategory]

    /// Allocations sized for `plannedGuests`, some lines nested under a parent.
    init(plannedGuests: Int, timeline: DemoTimeline, random: inout SeededRandom) {
        var byLine: [DemoBudgetLine: BudgetCategory] = [:]
        var categories: [BudgetCategory] = []
        for line in DemoBudgetLine.allCases {
            var category = BudgetCategory(id: random.uuid(), name: line.name,
                                          allocated: line.allocation(plannedGuests: plannedGuests),
                                          parentID: line.parent.flatMap { byLine[$0]?.id }, notes: line.notes)
            timeline.stamp(&category, createdBy: timeline.planningStart.adding(days: 14), random: &random)
            byLine[line] = category
            categories.append(category)
        }
        self.categories = categories
        self.byLine = byLine
    }

    func id(_ line: DemoBudgetLine) -> UUID { byLine[line]!.id }

    func allocation(_ line: DemoBudgetLine) -> Money { byLine[line]!.allocated }

    /// The budget line a vendor of `category` is paid from, if any.
    static func line(for category: VendorCategory) -> DemoBudgetLine? {
        switch category {
        case .venue: return .venue
        case .catering: return .catering
        case .photography, .videography: return .photography
        case .florist: return .flowers
        case .music: return .music
        case .officiant: return .ceremony
        case .attire: return .attire
        case .hairAndMakeup: return .beauty
        case .cake: return .cake
        case .stationery: return .stationery
        case .transport: return .transport
        case .rentals: return .rentals
        case .other: return nil
        }
    }
}
