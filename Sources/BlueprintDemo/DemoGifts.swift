import BlueprintDomain
import Foundation

/// A household head who has sent a gift, and whether it has been thanked.
struct DemoGiver {
    var guestID: UUID
    var thanked: Bool
}

/// The gifts that have arrived before the wedding (mostly from those who cannot come), and
/// family contributions to the budget.
enum DemoGifts {
    private static let things = [
        "Stand mixer", "Linen napkins", "Cast-iron casserole", "Wine glasses (6)", "Picture frame", "Cookbook",
        "Knife set", "Hand-thrown vase", "Espresso machine", "Quilt", "Towel set", "Board games",
    ]
    private static let experiences = ["Dinner for two", "Pottery class", "Hot-air balloon ride", "Weekend at the coast"]
    private static let methods: [ThankYouMethod] = [.card, .card, .card, .letter, .email, .inPerson]

    /// A gift from each giver's household: things, money, now and then an experience.
    static func make(givers: [DemoGiver], guests: [Guest], timeline: DemoTimeline, random: inout SeededRandom) -> [Gift] {
        let households = Dictionary(grouping: guests.filter { !$0.household.isEmpty }, by: \.household)
        let byID = Dictionary(uniqueKeysWithValues: guests.map { ($0.id, $0) })
        let lastDay = timeline.today.adding(days: -1)
        let span = max(0, lastDay.days(since: timeline.planningStart))
        return givers.compactMap { giver -> Gift? in
            guard let head = byID[giver.guestID] else { return nil }
            let members = households[head.household]?.map(\.id) ?? [head.id]
            let kind: GiftKind = random.chance(30) ? .money : random.chance(10) ? .experience : .item
            let received = timeline.planningStart.adding(days: random.int(in: 0...span))
            var gift = Gift(id: random.uuid(), guestIDs: members, giftKind: kind, receivedOn: received)
            switch kind {
            case .money:
                gift.description = random.pick(["Cheque", "Bank transfer", "Card with cash", "Honeymoon fund"])
                gift.value = Money(minorUnits: Int64(random.pick([50, 75, 100, 150, 200, 250, 500])) * 100)
                gift.countsAsIncome = random.chance(50)
            case .experience:
                gift.description = random.pick(experiences)
                gift.value = random.chance(50) ? Money(minorUnits: Int64(random.int(in: 8...40)) * 1_000) : nil
            case .item:
                gift.description = random.pick(things)
                gift.value = random.chance(40) ? Money(minorUnits: Int64(random.int(in: 3...30)) * 1_000) : nil
            }
            if giver.thanked {
                gift.thankYouSent = true
                gift.thankYouSentOn = received.adding(days: random.int(in: 3...30)).clamped(to: lastDay)
                gift.thankYouMethod = random.pick(methods)
            }
            timeline.stamp(&gift, createdBy: received, random: &random)
            return gift
        }
    }

    /// At least two givers when there are two households: the first heads who have not given
    /// yet, so even a small demo has gifts to show.
    static func atLeastTwo(_ givers: [DemoGiver], among guests: [Guest]) -> [DemoGiver] {
        var givers = givers
        var seen: Set<String> = []
        for guest in guests where givers.count < 2 && seen.insert(guest.household).inserted
            && !givers.contains(where: { $0.guestID == guest.id }) {
            givers.append(DemoGiver(guestID: guest.id, thanked: givers.isEmpty))
        }
        return givers
    }

    /// What the couple's parents promised towards the wedding, part received, and now and then
    /// a loan the couple pays back.
    static func contributions(couple: DemoCouple, timeline: DemoTimeline, random: inout SeededRandom) -> [MoneyOwed] {
        var entries = ["\(couple.partner1.givenName)'s parents", "\(couple.partner2.givenName)'s parents"].map { person in
            let amount = Money(minorUnits: Int64(random.int(in: 2...15)) * 100_000)
            let settled = random.chance(50) ? amount : Money(minorUnits: amount.minorUnits / 2)
            var entry = MoneyOwed(id: random.uuid(), person: person, direction: .toCouple, amount: amount, settled: settled,
                                  dueOn: timeline.weddingDate.adding(days: -60), countsAsIncome: true,
                                  notes: "Promised towards the wedding")
            timeline.stamp(&entry, random: &random)
            return entry
        }
        if random.chance(50) {
            let amount = Money(minorUnits: Int64(random.int(in: 5...30)) * 10_000)
            var loan = MoneyOwed(id: random.uuid(), person: random.pick(["Grandma", "Uncle Ray", "Aunt Lou"]),
                                 direction: .byCouple, amount: amount, settled: .zero,
                                 dueOn: timeline.weddingDate.adding(days: 180), notes: "Lent for the deposit")
            timeline.stamp(&loan, random: &random)
            entries.append(loan)
        }
        return entries
    }
}

private extension CalendarDate {
    func clamped(to latest: CalendarDate) -> CalendarDate { self > latest ? latest : self }
}
