import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

/// `ListOrder` compares collation keys of the sort texts rather than the texts: rows must come
/// out as comparing the texts with case and accents folded away, then the `String`s, puts them,
/// whatever the script, case and ties, and a name spelled with combining accents must sort with
/// the same name spelled with precomposed ones.
@Suite("List order against comparing the texts")
struct ListOrderTests {
    /// The day the lists are sorted on.
    static let today = CalendarDate(year: 2026, month: 6, day: 1)!

    /// Names in many scripts, with ties, empty and blank names, and texts whose NFC form is
    /// another character (the ohm sign is the letter omega).
    static let names = ["Ana", "Ána", "ana", "José", "jose", "Zoë", "北京", "陈", "陳", "o'Brien", "Straße", "Strasse", "한국",
                        "ﬁn", "fin", "Ørsted", "Œuvre", "Ω", "\u{2126}", "", " ", "Émile", "ǅ", "dž", "🎉", "ḉ", "ḉx", "ç",
                        "a\u{0327}", "Ana Maria", "AnaMaria"]

    /// The order, written plainly: by rank, then by the texts folded by Foundation (case and
    /// accents ignored, U+0000 left out) as `String`s, then by the texts as `String`s, ties in
    /// loading order.
    static func reference<Key: ListSortKey>(_ rows: [Key.Row], _ order: ListOrder<Key>, today: CalendarDate = today,
                                            text: (String) -> String = { $0 }) -> [UUID] {
        let values = rows.map { order.key.sortValue(of: $0, today: today) }.map { (rank: $0.rank, text: text($0.text)) }
        return rows.indices.sorted { left, right in
            let (a, b) = (values[left], values[right])
            if a.rank != b.rank { return (a.rank < b.rank) == order.ascending }
            let (foldedA, foldedB) = (fold(a.text), fold(b.text))
            if foldedA != foldedB { return (foldedA < foldedB) == order.ascending }
            if a.text != b.text { return (a.text < b.text) == order.ascending }
            return left < right
        }.map { rows[$0].id }
    }

    static func fold(_ text: String) -> String {
        text.filter { $0 != "\u{0}" }.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    @Test("Ábrego sorts with the A's and Ödegaard with the O's, whatever the case")
    func accentsAndCaseIgnored() {
        let names = ["Zimmer", "Ödegaard", "oliver", "Ábrego", "adams", "Owen", "zoë", "Zoe"]
        let guests = names.map { Guest(firstName: "", lastName: $0) }
        let sorted = ListOrder(GuestSortKey.name, ascending: true).sorted(guests, today: Self.today).map(\.lastName)
        #expect(sorted == ["Ábrego", "adams", "Ödegaard", "oliver", "Owen", "Zimmer", "Zoe", "zoë"])
    }

    static func guests(_ seed: UInt64, names: [String], count: Int = 200) -> [Guest] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            var guest = Guest(firstName: random.pick(names), lastName: random.pick(names))
            guest.household = random.pick(names)
            guest.rsvp = random.pick(RSVPStatus.allCases)
            guest.table = random.int(in: 0...3) == 0 ? nil : random.int(in: 1...4)
            return guest
        }
    }

    @Test("guests in every order, both ways, as comparing the texts sorts them", arguments: 1...10)
    func guestsSortAsTheirTextsCompare(seed: UInt64) {
        let guests = Self.guests(seed, names: Self.names)
        for key in GuestSortKey.allCases {
            for ascending in [true, false] {
                let order = ListOrder(key, ascending: ascending)
                #expect(order.sorted(guests, today: Self.today).map(\.id) == Self.reference(guests, order), "\(key) ascending: \(ascending)")
            }
        }
    }

    @Test func aListLongEnoughToSortInPartsSortsTheSame() {
        let guests = Self.guests(42, names: Self.names, count: ParallelParts.minimumCount + 1001)
        for ascending in [true, false] {
            let order = ListOrder(GuestSortKey.name, ascending: ascending)
            #expect(order.sorted(guests, today: Self.today).map(\.id) == Self.reference(guests, order), "ascending: \(ascending)")
        }
    }

    /// Each name spelled precomposed and with combining marks (Hangul as syllables and as
    /// jamo); comparing such `String`s directly is not consistent when one is a prefix of the
    /// other, so the reference compares the precomposed spellings.
    static let spellings: [(precomposed: String, decomposed: String)] = [
        ("Ána", "A\u{301}na"), ("Án", "A\u{301}n"), ("José", "Jose\u{301}"), ("Josép", "Jose\u{301}p"), ("Zoë", "Zoe\u{308}"),
        ("한국", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}"), ("한", "\u{1112}\u{1161}\u{11AB}"), ("Ana", "Ana"),
    ]

    @Test("a name spelled with combining marks sorts with the same name spelled precomposed", arguments: 1...10)
    func canonicallyEquivalentSpellingsSortTogether(seed: UInt64) {
        let guests = Self.guests(seed, names: Self.spellings.map(\.precomposed) + Self.spellings.map(\.decomposed))
        let precomposed = { (text: String) -> String in
            Self.spellings.reduce(text) { $0.replacingOccurrences(of: $1.decomposed.lowercased(), with: $1.precomposed.lowercased()) }
        }
        for key in GuestSortKey.allCases {
            for ascending in [true, false] {
                let order = ListOrder(key, ascending: ascending)
                #expect(order.sorted(guests, today: Self.today).map(\.id) == Self.reference(guests, order, text: precomposed),
                        "\(key) ascending: \(ascending)")
            }
        }
    }

    @Test("expenses sort by the status their money gives them on the day: overdue, due, part paid, paid, cancelled")
    func expensesSortByStatusFromTheirMoney() {
        let category = UUID()
        let paidInPart = Expense(name: "Band", categoryID: category, amount: Money(minorUnits: 1_000), dueDate: Self.today.adding(days: 9),
                                 installments: [Installment(amount: Money(minorUnits: 400), dueDate: Self.today, paidDate: Self.today)])
        let expenses = [
            Expense(name: "Cake", categoryID: category, amount: Money(minorUnits: 100), paymentStatus: .cancelled),
            Expense(name: "Dress", categoryID: category, amount: Money(minorUnits: 100), paymentStatus: .paid),
            paidInPart,
            Expense(name: "Flowers", categoryID: category, amount: Money(minorUnits: 100), dueDate: Self.today.adding(days: 1)),
            Expense(name: "Hall", categoryID: category, amount: Money(minorUnits: 100), dueDate: Self.today.adding(days: -1),
                    paymentStatus: .partial),
        ]
        let order = ListOrder(ExpenseSortKey.status)
        #expect(order.sorted(expenses, today: Self.today).map(\.name) == ["Hall", "Flowers", "Band", "Dress", "Cake"])
        #expect(order.sorted(expenses, today: Self.today.adding(days: 2)).map(\.name) == ["Flowers", "Hall", "Band", "Dress", "Cake"],
                "two days on, the flowers are overdue too")
    }

    @Test func vendorsAndTasksSortAsTheirTextsCompare() {
        var random = SeededRandom(seed: 7)
        let vendors = (0..<100).map { _ in
            Vendor(name: random.pick(Self.names), category: random.pick(VendorCategory.allCases),
                   status: random.pick(VendorStatus.allCases))
        }
        let tasks = (0..<100).map { _ in
            WeddingTask(title: random.pick(Self.names), status: random.pick(TaskStatus.allCases),
                        priority: random.pick(TaskPriority.allCases))
        }
        for key in VendorSortKey.allCases {
            #expect(ListOrder(key).sorted(vendors, today: Self.today).map(\.id) == Self.reference(vendors, ListOrder(key)), "\(key)")
        }
        for key in TaskSortKey.allCases {
            #expect(ListOrder(key).sorted(tasks, today: Self.today).map(\.id) == Self.reference(tasks, ListOrder(key)), "\(key)")
        }
    }
}

extension ListOrder {
    /// `rows` in this order, as `sortedIDs` gives their ids.
    func sorted(_ rows: [Key.Row], today: CalendarDate) -> [Key.Row] {
        let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return sortedIDs(of: rows, today: today).map { byID[$0]! }
    }
}
