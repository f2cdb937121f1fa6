import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

/// The stores match text through a folded index for speed; it must match exactly what the
/// domain's filters match.
@Suite("Text matching agrees with the domain's filters")
struct TextMatchingTests {
    /// Pieces of text with case, accents, spaces, tabs, non-Latin script, emoji and a NUL.
    static let pieces = ["ana", "ANA", "Ána", "José", "jose", " ", "\t", "o'brien", "Zoë", "zoe", "北京", "🎉",
                         "e\u{301}", "\u{0}", "-", "Straße", "strasse", "İ", "i", ""]

    static func text(_ random: inout SeededRandom) -> String {
        (0..<random.int(in: 0...3)).map { _ in random.pick(pieces) }.joined()
    }

    static func queries(_ random: inout SeededRandom) -> [String] {
        pieces + ["an", "AN", "é", "se", "ana ana", " ana ", "bri", "e\u{301}", "ë", "ss", "\u{0}a"]
            + (0..<40).map { _ in text(&random) }
    }

    /// Foundation's `contains` on Linux crashed on a query holding U+0000 and a non-ASCII field.
    @Test func aQueryHoldingANullCharacterIsSafe() {
        let guest = Guest(firstName: "北京", lastName: "zoe")
        #expect(GuestFilter(text: "zoe\u{0}").matches(guest))
        var index = FoldedTextIndex<Guest>()
        index.refresh([guest])
        #expect(index.texts(of: [guest.id])[0].contains(FoldedBytes(TextFolding.foldQuery("zoe\u{0}"))))
    }

    @Test func foldingASCIIMatchesFoundation() {
        for text in ["Ana", "  MiXeD case\t", "\t", "", "o'Brien-Smith 42", "A\u{0}B"] {
            let foundation = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .trimmingCharacters(in: .whitespaces)
            #expect(TextFolding.fold(text) == foundation, "\(text.debugDescription)")
        }
    }

    @Test func guests() {
        var random = SeededRandom(seed: 1)
        let guests = (0..<60).map { _ in
            Guest(firstName: Self.text(&random), lastName: Self.text(&random), email: Self.text(&random),
                  phone: Self.text(&random), household: Self.text(&random), plusOneName: Self.text(&random),
                  notes: Self.text(&random))
        }
        expectAgreement(guests, Self.queries(&random)) { GuestFilter(text: $0) }
    }

    @Test func vendors() {
        var random = SeededRandom(seed: 2)
        let vendors = (0..<60).map { _ in
            Vendor(name: Self.text(&random), contactName: Self.text(&random), phone: Self.text(&random),
                   email: Self.text(&random), website: Self.text(&random), notes: Self.text(&random))
        }
        expectAgreement(vendors, Self.queries(&random)) { VendorFilter(text: $0) }
    }

    @Test func expenses() {
        var random = SeededRandom(seed: 3)
        let expenses = (0..<60).map { _ in
            Expense(name: Self.text(&random), categoryID: UUID(), amount: .zero, paymentMethod: Self.text(&random),
                    notes: Self.text(&random))
        }
        expectAgreement(expenses, Self.queries(&random)) { ExpenseFilter(text: $0) }
    }

    @Test func tasks() {
        var random = SeededRandom(seed: 4)
        let tasks = (0..<60).map { _ in
            WeddingTask(title: Self.text(&random), details: Self.text(&random),
                        assignees: (0..<random.int(in: 0...2)).map { _ in Self.text(&random) },
                        subtasks: (0..<random.int(in: 0...2)).map { _ in Subtask(title: Self.text(&random)) })
        }
        expectAgreement(tasks, Self.queries(&random)) { TaskFilter(text: $0) }
    }

    private func expectAgreement<Row: TextSearchable, Filter: RecordFilter>(
        _ rows: [Row], _ queries: [String], _ filter: (String) -> Filter) where Filter.Row == Row {
        var index = FoldedTextIndex<Row>()
        index.refresh(rows)
        let texts = index.texts(of: rows.map(\.id))
        for query in queries {
            let folded = FoldedBytes(TextFolding.foldQuery(query))
            for (row, text) in zip(rows, texts) {
                #expect((folded.isEmpty || text.contains(folded)) == filter(query).matches(row),
                        "\(query.debugDescription) in \(row.searchFields.map(\.debugDescription))")
            }
        }
    }
}
