import BlueprintDomain
import Testing

@Suite("Counting in words")
struct CountPhraseTests {
    @Test("0, 1 and 2 of each noun on screen and on the command line", arguments: [
        ("guest", "0 guests", "1 guest", "2 guests"), ("category", "0 categories", "1 category", "2 categories"),
        ("vendor", "0 vendors", "1 vendor", "2 vendors"), ("task", "0 tasks", "1 task", "2 tasks"),
        ("seat", "0 seats", "1 seat", "2 seats"), ("clash", "0 clashes", "1 clash", "2 clashes"),
        ("money-owed entry", "0 money-owed entries", "1 money-owed entry", "2 money-owed entries"),
        ("day", "0 days", "1 day", "2 days"), ("person", "0 people", "1 person", "2 people"),
        ("open checklist task", "0 open checklist tasks", "1 open checklist task", "2 open checklist tasks"),
        ("box", "0 boxes", "1 box", "2 boxes"),
    ])
    func counts(noun: String, zero: String, one: String, two: String) {
        #expect(CountPhrase.of(0, noun) == zero)
        #expect(CountPhrase.of(1, noun) == one)
        #expect(CountPhrase.of(2, noun) == two)
    }

    @Test("a filtered list counts what is shown of the whole, the noun following the whole")
    func shownOfTotal() {
        #expect(CountPhrase.of(1, of: 1, "vendor") == "1 vendor")
        #expect(CountPhrase.of(0, of: 1, "vendor") == "0 of 1 vendor")
        #expect(CountPhrase.of(1, of: 2, "guest") == "1 of 2 guests")
        #expect(CountPhrase.of(0, of: 0, "task") == "0 tasks")
    }

    @Test("a count drawn apart from its noun takes the same form")
    func nounAlone() {
        #expect(CountPhrase.noun("table", for: 1) == "table")
        #expect(CountPhrase.noun("table", for: 0) == "tables")
        #expect(CountPhrase.noun("category", for: 2) == "categories")
    }
}
