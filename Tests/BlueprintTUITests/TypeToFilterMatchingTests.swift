import BlueprintDemo
import BlueprintDomain
@testable import BlueprintTerminal
import Foundation
import Testing

/// Type-to-filter matches as folding whole strings with Foundation would (case and accents
/// ignored), though it folds one scalar at a time to stay fast over 10,000 guests.
@Suite("Type-to-filter matching")
struct TypeToFilterMatchingTests {
    /// The reference: fold both with Foundation, trim the query, and look for it.
    func reference(_ query: String, _ field: String) -> Bool {
        let fold = { (text: String) in
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: .whitespaces)
        }
        let folded = fold(query)
        return folded.isEmpty || fold(field).contains(folded)
    }

    @Test("agrees with whole-string folding on every name, household and email of a demo wedding, for many queries")
    func agreesWithFoundation() throws {
        let dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 1, day: 1)!,
                                                                       guests: 200, seed: 11))
        let fields = dataset.guests.records.flatMap { [$0.fullName, $0.household, $0.email, $0.plusOneName, $0.notes] }
            + ["Ame\u{301}lie", "ÅSA", "straße", "İstanbul", "Ǖber", "ﬁne", "  padded  ", "Дмитро Бойко", "山田 太郎", "😀 emoji"]
        var queries = ["a", "AN", "é", "e", "amelie", "AMÉLIE", " son ", "asa", "STRASSE", "strasse", "ss", "istanbul", "uber",
                       "fine", "дмитро", "山田", "😀", "x", "the", "@example", "padded", "  ", ""]
        queries += fields.prefix(200).compactMap { $0.count > 3 ? String($0.dropFirst().prefix(3)) : nil }
        var mismatches: [String] = []
        for query in queries {
            let matcher = TextQuery(query)
            for field in fields where matcher.matches(field) != reference(query, field) {
                mismatches.append("\(query) in \(field)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
