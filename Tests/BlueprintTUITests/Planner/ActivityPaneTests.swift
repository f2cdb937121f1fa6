import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("The activity pane: who changed what, newest first", .timeLimit(.minutes(5)))
@MainActor
struct ActivityPaneTests {
    /// The rows of the activity table that list a change.
    private func entries(_ planner: PlannerHarness) -> [String] {
        planner.rows.filter { $0.contains(" ago ") || $0.hasPrefix("just now") }
    }

    /// Waits until the feed has read the wedding's activity and holds `count` entries.
    private func feed(_ planner: PlannerHarness, holds count: Int) async {
        let activity = planner.session.activity
        planner.holdsMessages = true
        planner.frame()
        await planner.handleMessages { activity.state == .loaded && activity.items.count >= count }
    }

    @Test("an edit made here is listed at once with its author and its words; Enter opens the record")
    func listsThisSessionsEdits() async throws {
        let planner = await PlannerHarness(rows: 24, columns: 120)
        await planner.press(.character("8"))
        await feed(planner, holds: 0)
        #expect(planner.frame().contains("No changes yet"))
        await planner.press(.character("1"), .character("j"), .character("j"), .character("A"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.cleo }?.rsvp == .attending)
        await planner.press(.character("8"))
        await feed(planner, holds: 1)
        let listed = entries(planner)
        #expect(listed.count == 1)
        #expect(listed.first?.contains("just now") == true && listed.first?.contains("me@here") == true
                && listed.first?.contains("marked Cleo Chen attending") == true)
        #expect(planner.statusRow.contains("ACTIVITY │ 1 change"))
        await planner.press(.enter)
        #expect(planner.screen.activePane == 1)
        await planner.press(.character("e"))
        #expect(planner.frame().contains("Edit Cleo Chen"), "Cleo is the guest selected")
    }

    @Test("another session's change appears newest first with its author, without a reload")
    func listsOtherSessionsChanges() async throws {
        let planner = await PlannerHarness(rows: 24, columns: 120)
        await planner.press(.character("1"), .character("j"), .character("j"), .character("A"), .character("8"))
        await feed(planner, holds: 1)
        let newcomer = Guest(id: UUID(), firstName: "Noor", lastName: "Haddad", createdAt: Wedding1.start)
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(newcomer)], by: "Mei")
        await feed(planner, holds: 2)
        let listed = entries(planner)
        #expect(listed.count == 2)
        #expect(listed.first?.contains("Mei") == true && listed.first?.contains("added a guest") == true)
        #expect(listed.last?.contains("marked Cleo Chen attending") == true)
    }

    @Test("a record's details say when it was last changed in words and local time, and by whom, never as ISO 8601")
    func detailsSayWhenAndWho() async throws {
        let planner = await PlannerHarness(rows: 30, columns: 120)
        await planner.press(.character("8"))
        await feed(planner, holds: 0)
        await planner.press(.character("1"), .character("j"), .character("j"), .character("A"))
        await planner.press(.character("8"))
        await feed(planner, holds: 1)
        await planner.press(.character("1"), .enter)
        #expect(planner.frame().contains("Cleo Chen"))
        let updated = try #require(planner.rows.first { $0.contains("Updated") })
        #expect(updated.contains("Updated  today 00:00 by me@here"), "\(updated)")
        #expect(!planner.frame().contains("T00:00:00"), "no ISO 8601 on screen")
    }

    @Test("/ narrows the list to the changes that mention a text; Enter on a change of several records shows it whole")
    func filtersAndShowsDetails() async throws {
        let planner = await PlannerHarness(rows: 24, columns: 120)
        await planner.press(.character("1"), .character("j"), .character("j"), .character("A"))
        let newcomer = Guest(id: UUID(), firstName: "Noor", lastName: "Haddad", createdAt: Wedding1.start)
        let other = Guest(id: UUID(), firstName: "Omar", lastName: "Haddad", createdAt: Wedding1.start)
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(newcomer), .save(other)], by: "Mei")
        await planner.press(.character("8"))
        await feed(planner, holds: 2)
        await planner.press(.character("/"))
        await planner.type("cleo")
        await planner.press(.enter)
        #expect(entries(planner).count == 1 && entries(planner).first?.contains("Cleo Chen") == true)
        await planner.press(.escape)
        #expect(entries(planner).count == 2)
        await planner.press(.enter)
        let detail = planner.frame()
        #expect(detail.contains("added 2 guests") && detail.contains("Mei") && detail.contains("external write"))
    }

    /// The entry drawn selected, if one is.
    private func selectedEntry(_ planner: PlannerHarness) -> String? {
        planner.frame()
        return planner.rows.indices.first { row in
            planner.canvas.style(row: row, column: 0).isSelected && entries(planner).contains(planner.rows[row])
        }.map { planner.rows[$0] }
    }

    /// Another session adds a guest for each name, one commit each.
    private func othersAdd(_ names: [String], _ planner: PlannerHarness) async {
        for name in names {
            let guest = Guest(id: UUID(), firstName: name, lastName: "Haddad", createdAt: Wedding1.start)
            await planner.host.simulateExternalWrite(planner.weddingID, [.save(guest)], by: "Mei")
        }
    }

    @Test("new entries show at the top when the selection is there; further down it keeps its entry and a line counts them until g")
    func keepsItsPlace() async throws {
        let planner = await PlannerHarness(rows: 24, columns: 120)
        await planner.press(.character("1"), .character("j"), .character("j"), .character("A"), .character("8"))
        await feed(planner, holds: 1)
        await othersAdd(["Noor"], planner)
        await feed(planner, holds: 2)
        #expect(selectedEntry(planner)?.contains("added a guest") == true, "at the top, the newest entry is selected")
        #expect(!planner.frame().contains("new change"))

        await planner.press(.character("j"))
        #expect(selectedEntry(planner)?.contains("marked Cleo Chen attending") == true)
        await othersAdd(["Omar", "Rami", "Sami"], planner)
        await feed(planner, holds: 5)
        #expect(selectedEntry(planner)?.contains("marked Cleo Chen attending") == true, "the selection stays on its entry")
        #expect(planner.rows.contains { $0.hasPrefix("3 new changes · g to see") }, "\(planner.frame())")
        await planner.press(.character("k"), .character("k"))
        #expect(planner.rows.contains { $0.hasPrefix("3 new changes · g to see") }, "not at the top yet")

        await planner.press(.character("g"))
        #expect(!planner.frame().contains("new change"))
        #expect(selectedEntry(planner) == entries(planner).first)
        await othersAdd(["Tala"], planner)
        await feed(planner, holds: 6)
        #expect(!planner.frame().contains("new change"))
        #expect(selectedEntry(planner) == entries(planner).first, "back at the top, new entries simply show")
    }

    @Test("the line counting new entries above the list")
    func newEntriesSnapshot() async {
        let planner = await PlannerHarness(rows: 24, columns: 80)
        await planner.press(.character("1"), .character("j"), .character("j"), .character("A"), .character("8"))
        await feed(planner, holds: 1)
        await othersAdd(["Noor"], planner)
        await feed(planner, holds: 2)
        await planner.press(.character("j"))
        await othersAdd(["Omar"], planner)
        await feed(planner, holds: 3)
        planner.frame()
        #expect(planner.rows.contains { $0.hasPrefix("1 new change · g to see") })
        Snapshot.expect(planner.canvas, named: "activity-new-80x24")
    }

    @Test("the activity pane, hostile names neutralised", arguments: SnapshotTests.sizes)
    func snapshot(_ size: CanvasSize) async {
        let planner = await PlannerHarness(rows: size.rows, columns: size.columns)
        await planner.press(.character("1"), .character("j"), .character("j"), .character("A"))
        let hostile = Guest(id: UUID(), firstName: "Evil\u{1B}]0;pwned\u{07}", lastName: "\u{202E}Name 山田", createdAt: Wedding1.start)
        planner.holdsMessages = true
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(hostile)], by: "\u{1B}[31mMallory\u{200B}")
        // The other session's change has reached the planner (and said so) before the next key.
        await planner.handleMessages { planner.session.guests.guest(hostile.id) != nil }
        _ = try? await planner.host.write(planner.weddingID, operation: "guestUpdated") { transaction in
            var renamed = try #require(transaction.dataset.guests[hostile.id])
            renamed.email = "evil@example.com"
            try transaction.update(renamed)
        }
        await planner.press(.character("8"))
        await feed(planner, holds: 3)
        planner.frame()
        #expect(!planner.canvas.text.contains("\u{1B}") && !planner.canvas.text.contains("\u{202E}"))
        Snapshot.expect(planner.canvas, named: "activity-\(size.columns)x\(size.rows)")
    }
}

@Suite("Times in words")
struct MomentTests {
    static let utc = TimeZone(identifier: "UTC")!
    static func at(_ iso: String) -> Timestamp { Timestamp(iso: iso)! }

    @Test("today, yesterday, tomorrow, a day this year and a day of another year, in the wedding's time zone")
    func moments() {
        let now = Self.at("2026-11-27T14:30:00.000Z")
        #expect(Formats.moment(Self.at("2026-11-27T14:09:18.835Z"), now: now, timeZone: Self.utc) == "today 14:09")
        #expect(Formats.moment(Self.at("2026-11-26T09:05:00.000Z"), now: now, timeZone: Self.utc) == "yesterday 09:05")
        #expect(Formats.moment(Self.at("2026-11-28T08:00:00.000Z"), now: now, timeZone: Self.utc) == "tomorrow 08:00")
        #expect(Formats.moment(Self.at("2026-03-03T14:09:00.000Z"), now: now, timeZone: Self.utc) == "3 Mar 14:09")
        #expect(Formats.moment(Self.at("2025-11-03T14:09:00.000Z"), now: now, timeZone: Self.utc) == "3 Nov 2025 14:09")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(Formats.moment(Self.at("2026-11-27T16:00:00.000Z"), now: now, timeZone: tokyo) == "tomorrow 01:00",
                "14:30 UTC is 23:30 in Tokyo; 16:00 UTC is the next day there")
    }
}
