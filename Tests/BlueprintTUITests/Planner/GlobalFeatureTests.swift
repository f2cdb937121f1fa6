import BlueprintCache
import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import BlueprintTestDoubles
import Foundation
import Testing

/// Records what the command line asks of the file layer.
@MainActor
final class RecordingTransfer: DataTransfer {
    var requests: [String] = []

    func importFile(_ kind: TransferKind, path: String, sheet: String?, addingMealOptions: Bool,
                    into session: WeddingSession) async throws -> String {
        requests.append("import \(kind) \(path)" + (sheet.map { " sheet \($0)" } ?? "") + (addingMealOptions ? " adding meals" : ""))
        if path.hasSuffix("three-problems.csv") {
            throw CommandError("three-problems.csv: 3 problems; nothing was imported\nline 2: column \"Email\": 'ana@' is not an "
                               + "email address\nline 3: column \"RSVP\": 'perhaps' is not an RSVP status\nline 4: the first name is required")
        }
        if path.hasSuffix("other-wedding.csv"), !addingMealOptions {
            throw MealOptionsToAdd(fileName: "other-wedding.csv", options: ["Lamb", "Risotto"])
        }
        guard path.hasSuffix(".csv") || path.hasSuffix(".xlsx") else { throw CommandError("\(path): not a CSV file or a workbook") }
        return "Imported \(kind) from \(path)"
    }

    func exportFile(_ kind: TransferKind, format: TransferFormat, path: String, replacing: Bool,
                    from session: WeddingSession) async throws -> String {
        requests.append("export \(kind) \(format) \(path) \(session.guests.guests.count)" + (replacing ? " replacing" : ""))
        return "Exported \(kind) to \(path)"
    }
}

/// A performance monitor with figures fixed by hand, for the diagnostics view's layout.
enum FixedDiagnostics {
    @MainActor
    static let services: PlannerServices = {
        let monitor = PerformanceMonitor(clock: ManualClock(start: Wedding1.start))
        let figures: [(CacheResource, hits: Int, misses: Int, evictions: Int, hit: Duration, load: Duration)] = [
            (.guests, 40, 4, 1, .microseconds(20), .microseconds(3_400)),
            (.budgetSummary, 12, 3, 0, .microseconds(10), .microseconds(900)),
            (.vendorPaymentTotals, 5, 2, 2, .microseconds(50), .milliseconds(150)),
        ]
        for (resource, hits, misses, evictions, hit, load) in figures {
            for _ in 0..<hits { monitor.record(.hit, for: resource, duration: hit) }
            for _ in 0..<misses {
                monitor.record(.miss, for: resource)
                monitor.record(.load, for: resource, duration: load)
            }
            for _ in 0..<evictions { monitor.record(.eviction, for: resource) }
        }
        monitor.recordLatency("key to frame", duration: .microseconds(800))
        monitor.recordLatency("key to frame", duration: .microseconds(1_200))
        return PlannerServices(monitor: monitor, cacheEntries: { 42 })
    }()
}

@Suite("Command line, diagnostics and conflicts", .timeLimit(.minutes(5)))
@MainActor
struct GlobalFeatureTests {
    func command(_ planner: PlannerHarness, _ line: String) async {
        await planner.press(.character(":"))
        await planner.type(line)
        await planner.press(.enter)
    }

    @Test(":q quits; an unknown command says so in the status line")
    func quitAndMistakes() async {
        let planner = await PlannerHarness()
        await command(planner, "nonsense")
        #expect(planner.statusRow.contains("Unknown command nonsense"))
        await planner.press(.character(":"))
        await planner.type("q")
        #expect(planner.statusRow.hasPrefix(":q"))
        #expect(planner.driver.handle(.enter, size: planner.canvas.size) == .quit)
    }

    @Test(":import and :export go to the file layer with the open wedding; their reports land in the status line")
    func transfers() async {
        let transfer = RecordingTransfer()
        let planner = await PlannerHarness(transfer: transfer)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString).json").path
        await command(planner, "export guests \(path)")
        #expect(transfer.requests == ["export guests json \(path) 7"])
        #expect(planner.statusRow.contains("Exported guests to \(path)"))
        await command(planner, "import guests notes.txt")
        #expect(planner.statusRow.contains("notes.txt: not a CSV file"))
        #expect(transfer.requests.last == "import guests notes.txt")
    }

    @Test(":import of guests who chose meals the wedding lacks asks to add them: n imports nothing, y adds them and imports")
    func importAsksToAddMealOptions() async {
        let transfer = RecordingTransfer()
        let planner = await PlannerHarness(transfer: transfer)
        await command(planner, "import guests /tmp/other-wedding.csv")
        #expect(planner.frame().contains("“Lamb”, “Risotto”"))
        await planner.press(.character("n"))
        #expect(planner.statusRow.contains("Nothing was imported from other-wedding.csv"))
        #expect(transfer.requests == ["import guests /tmp/other-wedding.csv"])
        await command(planner, "import guests /tmp/other-wedding.csv")
        await planner.press(.character("y"))
        #expect(transfer.requests.last == "import guests /tmp/other-wedding.csv adding meals")
        #expect(planner.statusRow.contains("Imported guests from /tmp/other-wedding.csv"))
    }

    @Test("a message of several lines (an import's problems) shows its first with the key for the rest; Ctrl-G shows them all")
    func everyProblemReadable() async {
        let planner = await PlannerHarness(rows: 24, columns: 80, transfer: RecordingTransfer())
        await command(planner, "import guests /tmp/three-problems.csv")
        #expect(planner.statusRow.contains("3 problems; nothing was imported"), "\(planner.statusRow)")
        #expect(planner.statusRow.hasSuffix("  ^G "), "\(planner.statusRow)")
        await planner.press(.character("j"))
        #expect(!planner.statusRow.contains("problems"), "the next key clears the line")
        await planner.press(.control("g"))
        let frame = planner.frame()
        for problem in ["line 2: column \"Email\": 'ana@' is not an email", "line 3: column \"RSVP\": 'perhaps' is not an RSVP",
                        "line 4: the first name is required"] {
            #expect(frame.contains(problem), "\(problem)")
        }
        await planner.press(.escape)
        await command(planner, "import guests /tmp/notes.txt")
        #expect(!planner.statusRow.contains("^G"), "a short message needs no key: \(planner.statusRow)")
    }

    @Test(":export over an existing file asks first: n keeps it and exports nothing, y replaces it")
    func exportAsksBeforeReplacing() async throws {
        let transfer = RecordingTransfer()
        let planner = await PlannerHarness(transfer: transfer)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString).csv").path
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        await command(planner, "export guests \(path)")
        #expect(planner.frame().contains("Replace it with the guests?"))
        #expect(transfer.requests.isEmpty)
        await planner.press(.character("n"))
        #expect(transfer.requests.isEmpty)
        #expect(planner.statusRow.contains("Not exported"))
        await command(planner, "export guests \(path)")
        await planner.press(.character("y"))
        #expect(transfer.requests == ["export guests csv \(path) 7 replacing"])
    }

    @Test(":import --sheet hands the sheet, spaces and all, to the file layer; a --sheet without a name imports nothing")
    func importASheet() async {
        let transfer = RecordingTransfer()
        let planner = await PlannerHarness(transfer: transfer)
        await command(planner, #"import guests "/tmp/our book.xlsx" --sheet "Bride's family""#)
        #expect(transfer.requests == ["import guests /tmp/our book.xlsx sheet Bride's family"])
        #expect(planner.statusRow.contains("Imported guests from /tmp/our book.xlsx"))
        await command(planner, "import vendors /tmp/book.xlsx --sheet")
        #expect(planner.statusRow.contains("--sheet needs the name of a sheet"))
        #expect(transfer.requests.count == 1)
    }

    @Test("Tab on the command line completes, and lists the candidates above it")
    func completionOnScreen() async {
        let planner = await PlannerHarness([Wedding1.dataset(), Wedding1.dataset(id: WeddingID(Wedding1.uuid(200)), name: "Cleo & Dev")])
        await planner.press(.character(":"))
        await planner.type("we")
        await planner.press(.tab)
        let rows = planner.rows
        #expect(rows[rows.count - 1].hasPrefix(":wedding"))
        #expect(rows[rows.count - 2].hasPrefix(" wedding  weddings"))
        await planner.type("s")
        await planner.press(.enter)
        #expect(planner.statusRow.contains("2 weddings: Ana & Ben, Cleo & Dev"))
    }

    @Test(":wedding opens another wedding with fresh stores; nothing of the first is shown")
    func switchWedding() async throws {
        let other = Wedding1.dataset(id: WeddingID(Wedding1.uuid(200)), name: "Cleo & Dev", extraGuests: 3)
        let planner = await PlannerHarness([Wedding1.dataset(), other])
        let first = planner.session
        await command(planner, "wedding cleo & dev")
        #expect(first.isClosed)
        #expect(planner.session.weddingID == other.wedding.weddingID)
        await planner.loadAll()
        #expect(planner.rows[0].contains("Cleo & Dev"))
        #expect(planner.statusRow.contains("10 guests"))
        #expect(planner.statusRow.contains("Opened Cleo & Dev"))
        await command(planner, "wedding Nobody")
        #expect(planner.statusRow.contains("Cannot open Nobody"))
    }

    /// A wedding on 2026-06-20 with two tasks of a two-item checklist (one moved by hand) and one
    /// task of its own; today is 2026-01-01.
    static func checklistWedding() -> (WeddingDataset, ChecklistTemplate) {
        let template = ChecklistTemplate(items: [
            ChecklistItem(key: "venue", leadTime: ChecklistLeadTime(3, .months)!, title: "Sign the hall"),
            ChecklistItem(key: "cake", leadTime: ChecklistLeadTime(1, .months)!, title: "Taste the cakes"),
        ])
        var dataset = Wedding1.dataset()
        var tasks = template.tasks(forWeddingOn: Wedding1.date(6, 20), today: Wedding1.today, createdAt: Wedding1.start)
        tasks[1].dueDate = Wedding1.date(2, 14)
        for task in tasks + [WeddingTask(title: "Our own", dueDate: Wedding1.date(5, 1), createdAt: Wedding1.start)] {
            dataset.tasks.upsert(task)
        }
        return (dataset, template)
    }

    @Test(":date moves the wedding day and, once confirmed, the open checklist tasks with it; tasks moved by hand stay")
    func movingTheDateMovesTheChecklist() async throws {
        let (dataset, template) = Self.checklistWedding()
        let planner = await PlannerHarness([dataset], checklist: template)
        await command(planner, "date 2026-08-20")
        #expect(planner.session.wedding.wedding?.weddingDate == Wedding1.date(8, 20))
        #expect(planner.frame().contains("Move 1 open checklist task"))
        await planner.press(.character("y"))
        let dues = try await planner.stored { data in
            ["Sign the hall", "Taste the cakes", "Our own"].map { title in data.tasks.first { $0.title == title }?.dueDate }
        }
        #expect(dues == [Wedding1.date(5, 20), Wedding1.date(2, 14), Wedding1.date(5, 1)])
        #expect(planner.lastMessage.contains("Moved 1 open checklist task and 6 run-sheet items with the wedding day"))
        #expect(planner.session.tasks.tasks.first { $0.title == "Sign the hall" }?.dueDate == Wedding1.date(5, 20),
                "the pane shows the moved date")
    }

    @Test(":date declined keeps the checklist's dates; a bad date is refused with the usage")
    func decliningKeepsTheDates() async throws {
        let (dataset, template) = Self.checklistWedding()
        let planner = await PlannerHarness([dataset], checklist: template)
        await command(planner, "date 2026-07-20")
        await planner.press(.escape)
        #expect(planner.lastMessage.contains("the checklist tasks kept their dates"))
        #expect(try await planner.stored { $0.wedding.weddingDate } == Wedding1.date(7, 20))
        #expect(try await planner.stored { $0.tasks.records.map(\.dueDate) } == dataset.tasks.records.map(\.dueDate))
        await command(planner, "date 2026-02-30")
        #expect(planner.statusRow.contains("Usage: date yyyy-mm-dd"))
    }

    @Test("a kept / search shows in the status line with its matches, in every pane that searches, until Esc drops it")
    func keptSearchInStatusLine() async {
        let planner = await PlannerHarness()
        let searches: [([Key], String, String)] = [
            ([], "en", " GUESTS │ 7 guests · /en (3 matches) "),
            ([.character("2"), .enter], "o", " EXPENSES │ 3 categories, 1 over budget · Flowers: 1 expense · /o (1 match) "),
            ([.character("3")], "zzz", " VENDORS │ 2 vendors · /zzz (no match) "),
            ([.character("4")], "cake", " TASKS │ 4 tasks · /cake (1 match) "),
        ]
        for (keys, query, status) in searches {
            for key in keys { await planner.press(key) }
            await planner.press(.character("/"))
            await planner.type(query)
            await planner.press(.enter)
            await planner.press(.character("j"))
            #expect(planner.statusRow.hasPrefix(status), "\(planner.statusRow)")
        }
        await planner.press(.escape)
        #expect(planner.statusRow.hasPrefix(" TASKS │ 4 tasks"))
    }

    @Test("! shows the cache figures, the warm-up timings and the operations' latency")
    func diagnostics() async {
        let planner = await PlannerHarness(rows: 40)
        _ = await planner.screen.warmedUp()
        planner.monitor.recordLatency("key to frame", duration: .microseconds(800))
        await planner.press(.character("!"))
        let frame = planner.frame()
        #expect(frame.contains("┌─ Diagnostics ─"))
        #expect(frame.contains("Cache: "))
        #expect(frame.contains("Resource"))
        #expect(frame.contains("guests"))
        #expect(frame.contains("↓ more"))
        // Before the per-resource tables, which grow with every kind of record.
        #expect(frame.contains("Warm-up at launch"))
        #expect(frame.contains("seating     "))
        #expect(planner.statusRow.hasPrefix(" DIAGNOSTICS"))
        for _ in 0..<40 { await planner.press(.character("j")) }
        let end = planner.frame()
        #expect(end.contains("seating_rules"))
        #expect(end.contains("key to frame"))
        #expect(end.contains("0.80 ms"))
        #expect(!end.contains("↓ more"))
        await planner.press(.escape)
        #expect(!planner.frame().contains("Diagnostics"))
    }

    @Test("! at 80×24 shows every figure uncut: counts with evictions, then load times with and without the cache")
    func diagnosticsAt80Columns() async {
        let planner = await PlannerHarness(rows: 24, columns: 80)
        planner.screen.present(DiagnosticsOverlay(services: FixedDiagnostics.services, warmUp: { nil }))
        let frame = planner.frame()
        #expect(frame.contains("Cache: 42 entries · 57 hits, 9 misses, hit rate 86%"))
        #expect(frame.contains("9 loads, 0 joined, 3 evictions, 0 expired"))
        #expect(frame.contains("guests                     40       4   91%      1"))
        #expect(frame.contains("vendor_payment_totals       5       2   71%      2"))
        #expect(frame.contains("guests                0.02 ms / 0.02 ms    3.40 ms / 3.40 ms"))
        #expect(frame.contains("vendor_payment_totals 0.05 ms / 0.05 ms    150 ms / 150 ms"))
        #expect(!frame.contains("…"))
    }

    /// A planner whose edit of Ana's last name ("Mine") was saved after another session saved
    /// hers ("Theirs"): the save has just been refused as a conflict.
    func conflictingEdit() async throws -> PlannerHarness {
        let planner = try await PlannerHarness.editingAnaWhileSavedElsewhere()
        await planner.press(.enter)
        return planner
    }

    @Test("an edit that lost to another session's lists the field both changed, with what it was, yours and theirs; all mine keeps yours")
    func conflictOverwrite() async throws {
        let planner = try await conflictingEdit()
        let dialog = planner.frame()
        #expect(dialog.contains("┌─ Edit conflict ─"))
        #expect(dialog.contains("last name: was Alvarez"))
        #expect(dialog.contains("● yours Mine") && dialog.contains("○ theirs Theirs"))
        #expect(planner.statusRow.hasPrefix(" CONFLICT"))
        await planner.press(.character("c"))
        #expect(planner.frame().contains("┌─ Edit Ana Alvarez ─"))
        await planner.press(.enter)
        await planner.press(.character("m"))
        let stored = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        #expect(stored.lastName == "Mine")
        #expect(stored.version == 3)
        #expect(!planner.frame().contains("Edit Ana Alvarez"))
    }

    @Test("an edit of other fields than theirs merges on its own and says whose change it kept")
    func disjointEditMerges() async throws {
        let planner = try await PlannerHarness.editingAnaWhileSavedElsewhere(theirs: { $0.phone = "+1 555 0199" },
                                                                              shown: "+1 555 0199")
        await planner.press(.enter)
        let stored = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        #expect(stored.lastName == "Mine" && stored.phone == "+1 555 0199" && stored.version == 3)
        #expect(!planner.frame().contains("Edit conflict"))
        #expect(planner.statusRow.contains("change to phone)"), "\(planner.statusRow)")
    }

    @Test("at 80×24, a conflict over more fields than fit scrolls with the selection and says which fields it shows")
    func aLongConflictScrolls() async throws {
        let planner = await PlannerHarness(rows: 24, columns: 80)
        let guests = planner.session.guests
        let ana = try #require(guests.guest(Wedding1.ana))
        var mine = ana, theirs = ana
        let fields: [WritableKeyPath<Guest, String>] = [\.firstName, \.lastName, \.email, \.phone, \.household,
                                                         \.relationship, \.dietaryRestrictions, \.accessibilityNeeds, \.notes]
        for (index, field) in fields.enumerated() {
            mine[keyPath: field] = field == \.email ? "mine@example.com" : "Mine\(index)"
            theirs[keyPath: field] = field == \.email ? "theirs@example.com" : "Theirs\(index)"
        }
        theirs.version = 2
        planner.holdsMessages = true
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(theirs)])
        #expect(guests.guest(Wedding1.ana)?.version == 1, "changed before its message was handled")
        await planner.handleMessages { guests.guest(Wedding1.ana)?.version == 2 }
        #expect(await guests.update(mine) == .conflict)
        planner.screen.presentConflict(of: guests) { _ in }

        let first = planner.frame()
        #expect(first.contains("Edit conflict: fields 1–"), "\(first)")
        #expect(first.contains("▸ accessibility needs: was") && !first.contains("relationship: was"))
        for _ in fields.dropLast() { await planner.press(.character("j")) }
        let end = planner.frame()
        #expect(end.contains("▸ relationship: was") && end.contains("● yours Mine5") && end.contains("of 9 ─"), "\(end)")
        #expect(!end.contains("accessibility needs: was"))
        await planner.press(.character(" "))
        #expect(planner.frame().contains("● theirs Theirs5"))
        await planner.press(.enter)
        let stored = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        #expect(stored.relationship == "Theirs5" && stored.accessibilityNeeds == "Mine7" && stored.firstName == "Mine0",
                "the field scrolled to takes theirs; every other keeps mine: \(planner.statusRow)")
    }

    @Test("all theirs keeps their value in the field both changed")
    func conflictTheirs() async throws {
        let planner = try await conflictingEdit()
        await planner.press(.character("t"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.lastName == "Theirs")
        #expect(planner.frame().contains("Ana Theirs"))
        #expect(planner.statusRow.contains("Saved with their values"))
    }

    @Test("a side is chosen per field: Space switches the field to theirs, Enter saves")
    func conflictPerField() async throws {
        let planner = try await conflictingEdit()
        await planner.press(.character(" "))
        #expect(planner.frame().contains("○ yours Mine") && planner.frame().contains("● theirs Theirs"))
        await planner.press(.enter)
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.lastName == "Theirs")
        #expect(planner.statusRow.contains("Saved with the sides you chose"))
    }
}
