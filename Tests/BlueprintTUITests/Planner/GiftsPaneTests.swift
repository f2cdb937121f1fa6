import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Gifts pane")
@MainActor
struct GiftsPaneTests {
    func opened(_ keys: Key...) async -> PlannerHarness {
        let planner = await PlannerHarness()
        await planner.press(.character("6"))
        for key in keys { await planner.press(key) }
        return planner
    }

    /// The frame's row above the status line that shows `text`.
    func row(_ text: String, in planner: PlannerHarness) -> String? { planner.rows.dropLast().first { $0.contains(text) } }

    @Test("every gift, the oldest received first: from (guest names or as written), what, kind, value, received, thank-you")
    func gifts() async throws {
        let planner = await opened()
        let rows = planner.rows
        #expect(rows[1].hasPrefix("▶ Gifts (2)   Thank-yous to write (1)   Money owed (1)  $150.00 money gifts  v switches"))
        #expect(rows[2].hasPrefix("From"))
        #expect(rows[3].hasPrefix("Ana's office") && rows[3].contains("Cheque") && rows[3].contains("Money")
                && rows[3].contains("$150.00") && rows[3].contains("2025-11-20") && rows[3].contains("to write"))
        #expect(rows[4].hasPrefix("Ana Alvarez") && rows[4].contains("Stand mixer") && rows[4].contains("sent 2025-12-20 by card"))
        #expect(planner.statusRow.hasPrefix(" GIFTS │ 2 gifts · 1 thank-you to write"))
    }

    @Test("a gift added from a guest is marked thanked, leaves the thank-yous to write, and u brings it back")
    func addAndThank() async throws {
        let planner = await opened(.character("a"))
        // The guest pick-list: a letter jumps to the first guest it starts.
        await planner.press(.character("B"), .tab, .tab, .tab)
        await planner.type("Toaster")
        await planner.press(.enter)
        let added = try #require(try await planner.stored { $0.gifts.records.first { $0.description == "Toaster" } })
        #expect(added.guestIDs == [Wedding1.ben] && added.receivedOn == Wedding1.today && !added.thankYouSent)
        #expect(row("Toaster", in: planner)?.hasPrefix("Ben Brown") == true)

        await planner.press(.character("v"))
        #expect(planner.rows[1].hasPrefix("  Gifts (3) ▶ Thank-yous to write (2)   Money owed (1)"))
        #expect(row("Toaster", in: planner) != nil)
        await planner.press(.character("j"), .character("t"))
        #expect(planner.frame().contains("Thank-you sent for Toaster"))
        await planner.press(.right, .enter)
        let thanked = try await planner.stored { $0.gifts[added.id] }
        #expect(thanked?.thankYouSent == true && thanked?.thankYouSentOn == Wedding1.today && thanked?.thankYouMethod == .letter)
        #expect(planner.statusRow.contains("Toaster: thank-you sent by letter · u undoes"))
        #expect(row("Toaster", in: planner) == nil, "it left the thank-yous to write")
        #expect(planner.rows[1].contains("Thank-yous to write (1)"))

        await planner.press(.character("u"))
        #expect(row("Toaster", in: planner) != nil)
        #expect(try await planner.stored { $0.gifts[added.id]?.thankYouSent } == false)
    }

    @Test("a gift from nobody is refused beside its field, and nothing is saved")
    func refusedGift() async throws {
        let planner = await opened(.character("a"), .tab, .tab, .tab)
        await planner.type("Mystery box")
        await planner.press(.enter)
        #expect(planner.rows.contains { $0.contains("say who the gift is from: guests or a name") })
        #expect(try await planner.stored { $0.gifts.count } == 2)
    }

    @Test("money owed: person, which way, amount, settled, outstanding, due; i records an amount received")
    func moneyOwed() async throws {
        let planner = await opened(.character("v"), .character("v"))
        let rows = planner.rows
        #expect(rows[1].hasPrefix("  Gifts (2)   Thank-yous to write (1) ▶ Money owed (1)"))
        #expect(rows[3].hasPrefix("Ana's parents") && rows[3].contains("to the couple") && rows[3].contains("$5,000.00")
                && rows[3].contains("$2,000.00") && rows[3].contains("$3,000.00") && rows[3].contains("2026-03-01"))
        await planner.press(.character("i"), .control("u"))
        await planner.type("500")
        await planner.press(.enter)
        #expect(try await planner.stored { $0.moneyOwed[Wedding1.parentsGift]?.settled } == Wedding1.money(2_500))
        #expect(planner.statusRow.contains("Recorded $500.00 received from Ana's parents · u undoes"))
        #expect(row("Ana's parents", in: planner)?.contains("$2,500.00") == true)
        await planner.press(.character("j"))
        #expect(planner.statusRow.hasPrefix(" MONEY OWED │ 1 entry · $2,500.00 to come, $0.00 to pay"))
    }

    @Test("with no gifts, each view says how to add one")
    func empty() async throws {
        var dataset = Wedding1.dataset()
        dataset.gifts = RecordTable([])
        dataset.moneyOwed = RecordTable([])
        let planner = await PlannerHarness([dataset])
        await planner.press(.character("6"))
        #expect(planner.frame().contains("No gifts yet: press a to add one."))
        await planner.press(.character("v"))
        #expect(planner.frame().contains("No gifts yet: press a to add one."))
        await planner.press(.character("v"))
        #expect(planner.frame().contains("No money owed yet: press a to add one."))
    }

    @Test("the dashboard's thank-yous line opens the thank-yous to write")
    func dashboardLine() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("0"))
        #expect(planner.frame().contains("1 thank-you to write"))
        await planner.press(.character("G"), .character("k"), .character("k"), .character("k"), .enter)
        #expect(planner.screen.activePane == 6)
        #expect(planner.rows[1].contains("▶ Thank-yous to write (1)"))
    }

    @Test("a guest's details show their gifts and thank-yous, or none recorded")
    func guestDetail() async throws {
        let planner = await PlannerHarness()
        await planner.press(.enter)
        #expect(planner.frame().contains("Gifts  Stand mixer · thank-you sent 2025-12-20 by card"))
        await planner.press(.escape, .character("j"), .enter)
        #expect(planner.frame().contains("Gifts  none recorded"))
    }

    @Test("a folder from before gifts had records: the guest's gift flag shows in their details as a gift")
    func migratedFlagsShowInTheGuestDetail() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-gifts-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var dataset = Wedding1.dataset()
        dataset.gifts = RecordTable([])
        dataset.moneyOwed = RecordTable([])
        let store = try FileStore(root: root)
        let wedding = try await Repositories(host: store, cache: RepositoryCache()).weddings.createWedding(from: dataset).weddingID
        await store.close()
        // Made version 2 again: no gift files, and Ben's gift as the guest flags of the time.
        let folder = root + "/weddings/" + wedding.description
        for name in ["gifts.json", "scenarios.json", "seating.json"] { try FileManager.default.removeItem(atPath: folder + "/" + name) }
        try #"{"format": "blueprint-wedding", "schemaVersion": 2}"#.write(toFile: folder + "/meta.json", atomically: true, encoding: .utf8)
        let guestsURL = URL(fileURLWithPath: folder + "/guests.json")
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: guestsURL)) as? [String: Any])
        var guests = try #require(file["guests"] as? [[String: Any]])
        for index in guests.indices {
            let isBen = guests[index]["id"] as? String == Wedding1.ben.uuidString
            guests[index]["giftReceived"] = isBen
            guests[index]["thankYouSent"] = isBen
        }
        file["guests"] = guests
        try JSONSerialization.data(withJSONObject: file).write(to: guestsURL)

        let reopened = try FileStore(root: root)
        let migrated = try await reopened.read(wedding) { $0 }
        await reopened.close()
        let planner = await PlannerHarness([migrated])
        await planner.press(.character("j"), .enter)
        #expect(planner.frame().contains("Ben Brown"))
        #expect(planner.frame().contains("Gifts  A gift · thank-you sent"))
        await planner.press(.escape, .character("k"), .enter)
        #expect(planner.frame().contains("Gifts  none recorded"))
    }

    @Test("a thank-you given in person says so: \"sent 2026-03-12 in person\", not \"by in person\"")
    func thankYouInPerson() {
        var gift = Gift(id: Wedding1.mixer, description: "Vase", receivedOn: Wedding1.date(3, 1), thankYouSent: true,
                        thankYouSentOn: Wedding1.date(3, 12), thankYouMethod: .inPerson, createdAt: Wedding1.start)
        #expect(GiftText.thankYou(gift) == "sent 2026-03-12 in person")
        gift.thankYouMethod = .card
        #expect(GiftText.thankYou(gift) == "sent 2026-03-12 by card")
    }
}
