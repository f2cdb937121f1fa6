import BlueprintDomain
import BlueprintInterchange
import BlueprintStorage
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("First run: the welcome screen of an empty data directory", .timeLimit(.minutes(5)))
@MainActor
struct FirstRunTests {
    @Test("it greets, says where data lives and offers to create a wedding or open a demo; q quits and creates nothing")
    func welcomeAndQuit() async throws {
        let run = FirstRunHarness()
        let frame = run.frame()
        #expect(frame.contains("Welcome to blueprint"))
        #expect(frame.contains(FirstRunHarness.dataDirectory))
        #expect(frame.contains("▸ c  Create a wedding"))
        #expect(frame.contains("  d  Open a demo wedding"))
        #expect(run.rows.last!.hasPrefix(" WELCOME"))
        #expect(await run.press(.character("q")) == .quit)
        #expect(try await run.storedWeddings().isEmpty)
        #expect(run.opened.isEmpty)
    }

    @Test("the arrows move the highlight; Enter on the demo makes one and the planner opens on it, keys and all")
    func demo() async throws {
        let run = FirstRunHarness()
        await run.press(.down)
        #expect(run.frame().contains("▸ d  Open a demo wedding"))
        await run.press(.enter)
        let stored = try await run.storedWeddings()
        #expect(stored.count == 1)
        let opened = try #require(run.screen.openedWedding)
        #expect(run.opened.map(\.weddingID) == [opened.weddingID])
        #expect(stored.first?.weddingID == opened.weddingID)
        #expect(run.planner.session?.weddingID == opened.weddingID)
        let rows = run.rows
        #expect(rows[0].hasPrefix("[0] [1] Guests [2] [3] [4] [5] [6]"))
        // At 80 columns the tabs far from the guests' show only their keys, and the name and days to go stay.
        #expect(rows[0].contains(String(opened.name.prefix(9))) && rows[0].contains("days to go"))
        #expect(rows.last!.hasPrefix(" GUESTS │ 180 guests"))
        #expect(rows.last!.contains("A demo wedding to try things out"))
        await run.press(.character("2"))
        #expect(run.rows.last!.hasPrefix(" BUDGET"))
        #expect(await run.press(.character("q")) == .quit)
    }

    @Test("d opens the demo straight away")
    func demoKey() async throws {
        let run = FirstRunHarness()
        await run.press(.character("d"))
        #expect(try await run.storedWeddings().count == 1)
        #expect(run.screen.openedWedding != nil)
    }

    @Test("the form shows each problem beside its field and creates nothing; corrected, it creates the wedding and the planner opens on it")
    func createThroughTheForm() async throws {
        let run = FirstRunHarness()
        await run.press(.character("c"))
        #expect(run.frame().contains("┌─ New wedding"))
        #expect(run.rows.last!.hasPrefix(" NEW WEDDING"))
        await run.type("Mia & Noor")
        await run.press(.tab)
        await run.type("Mia")
        await run.press(.tab)
        await run.type("Noor")
        await run.press(.tab)
        await run.type("2026-02-30")
        await run.press(.tab, .control("u"))
        await run.type("euros")
        await run.press(.tab)
        await run.type("lots")
        await run.press(.enter)
        let problems = run.frame()
        #expect(problems.contains("'2026-02-30' is not a date (yyyy-mm-dd)"))
        #expect(problems.contains("'euros' is not a currency code"))
        #expect(run.rows.last!.contains("Not created: check the fields marked in red"))
        #expect(try await run.storedWeddings().isEmpty)
        #expect(run.screen.form.focusedField.name == "date")

        await run.press(.control("u"))
        await run.type("2026-09-12")
        await run.press(.tab, .control("u"))
        await run.type("eur")
        await run.press(.tab, .control("u"))
        await run.type("12,500.50")
        await run.press(.enter)

        let stored = try #require(try await run.storedWeddings().first)
        #expect(stored.name == "Mia & Noor")
        #expect(stored.partner1Name == "Mia" && stored.partner2Name == "Noor")
        #expect(stored.weddingDate == CalendarDate(year: 2026, month: 9, day: 12))
        #expect(stored.currency.code == "EUR")
        #expect(stored.totalBudget == Money(minorUnits: 1_250_050))
        #expect(run.screen.openedWedding?.weddingID == stored.weddingID)
        let rows = run.rows
        #expect(rows[0].hasSuffix("Mia & Noor · 254 days to go ● live"))
        #expect(rows.last!.hasPrefix(" GUESTS │ 0 guests"))
        #expect(rows.last!.contains("Created Mia & Noor"))
    }

    @Test("the form takes the RSVP deadline; a date already past is accepted and said")
    func createWithTheDeadlineAndAPastDate() async throws {
        let run = FirstRunHarness(columns: 180)
        await run.press(.character("c"))
        await run.type("Mia & Noor")
        await run.press(.tab, .tab, .tab)
        await run.type("2025-12-24")
        await run.press(.tab, .tab, .tab)
        await run.type("2025-11-01")
        await run.press(.enter)
        let stored = try #require(try await run.storedWeddings().first)
        #expect(stored.weddingDate == CalendarDate(year: 2025, month: 12, day: 24))
        #expect(stored.rsvpDeadline == CalendarDate(year: 2025, month: 11, day: 1))
        #expect(run.rows.last!.contains("Created Mia & Noor; note: the date 2025-12-24 is in the past"), "\(run.rows.last!)")
    }

    @Test("with a checklist to offer, the form adds its tasks before the date (none in the past), and asks for a date first")
    func createWithTheChecklist() async throws {
        let run = FirstRunHarness(checklist: .standard)
        await run.press(.character("c"))
        #expect(run.frame().contains("Planning checklist"))
        await run.type("Mia & Noor")
        await run.press(.enter)
        #expect(run.frame().contains("needs a date"))
        #expect(try await run.storedWeddings().isEmpty)

        #expect(run.screen.form.focusedField.name == "checklist", "the problem's field has the focus")
        for _ in 0..<7 where run.screen.form.focusedField.name != "date" { await run.press(.tab) }
        await run.type("2026-09-12")
        await run.press(.enter)
        let stored = try #require(try await run.storedWeddings().first)
        let dues = try await run.host.read(stored.weddingID) { $0.tasks.records.compactMap(\.dueDate) }
        #expect(dues.count == ChecklistTemplate.standard.items.count)
        #expect(dues.allSatisfy { $0 >= Wedding1.today && $0 <= CalendarDate(year: 2026, month: 9, day: 12)! })
    }

    @Test("Esc goes back to the welcome and keeps what was typed; q in the form is text, not quit")
    func escapeKeepsTheForm() async {
        let run = FirstRunHarness()
        await run.press(.character("c"))
        await run.type("quinn")
        #expect(await run.press(.escape) == .redraw)
        #expect(!run.frame().contains("New wedding"))
        await run.press(.character("c"))
        #expect(run.screen.form["name"].text == "quinn")
    }

    @Test("a name another wedding answers to is refused beside the name (another session made one meanwhile)")
    func duplicateName() async throws {
        let run = FirstRunHarness([Wedding1.dataset()])
        await run.press(.character("c"))
        await run.type("ana & BEN")
        await run.press(.enter)
        #expect(run.frame().contains("a wedding named 'Ana & Ben' already exists"))
        #expect(try await run.storedWeddings().count == 1)
        #expect(run.screen.openedWedding == nil)
    }

    @Test("the demo is made behind the welcome; the planner takes the screen, saying so, in its landing's turn")
    func demoLandsInItsTurn() async throws {
        let run = FirstRunHarness()
        run.inbox.holds = true
        await run.press(.character("d"))
        #expect(try await run.storedWeddings().count == 1)
        #expect(run.screen.openedWedding == nil && run.opened.isEmpty, "handed over before its landing was handled")
        #expect(run.frame().contains("Welcome to blueprint"))
        #expect(run.rows.last!.contains("Making a demo wedding…"))
        await run.inbox.handle { run.screen.openedWedding != nil }
        #expect(run.rows.last!.contains("A demo wedding to try things out"))
        #expect(run.opened.count == 1)
    }

    @Test("a name the store refuses is marked in its landing's turn; until then the form says Creating… and ignores keys")
    func refusalLandsInItsTurn() async throws {
        let run = FirstRunHarness([Wedding1.dataset()])
        await run.press(.character("c"))
        await run.type("ana & BEN")
        run.inbox.holds = true
        await run.press(.enter)
        #expect(!run.frame().contains("already exists"), "marked before its landing was handled")
        #expect(run.frame().contains("Creating…"))
        await run.press(.escape)
        #expect(run.frame().contains("┌─ New wedding"), "a key was taken while creating")
        await run.inbox.handle { run.frame().contains("a wedding named 'Ana & Ben' already exists") }
        #expect(run.rows.last!.contains("Not created: check the fields marked in red"))
        #expect(run.screen.openedWedding == nil)
    }

    @Test("Ctrl-C on the welcome quits; in the new-wedding form with a name typed it asks, and a second Ctrl-C quits")
    func interruptInTheForm() async throws {
        let run = FirstRunHarness()
        #expect(run.screen.interrupt() == .quit)
        await run.press(.character("c"))
        #expect(run.screen.interrupt() == .quit)
        await run.type("Mia & Noor")
        #expect(run.screen.interrupt() == .redraw)
        #expect(run.frame().contains("Quit and drop what you typed in the form?"))
        #expect(run.rows.last!.hasPrefix(" CONFIRM"))
        await run.press(.escape)
        #expect(!run.frame().contains("Quit and drop"))
        #expect(run.frame().contains("Mia & Noor"))
        #expect(run.screen.interrupt() == .redraw)
        #expect(run.screen.interrupt() == .quit)
        #expect(try await run.storedWeddings().isEmpty)
    }

    @Test("F1 opens help over the new-wedding form, where ? is typed text")
    func helpOverTheForm() async {
        let run = FirstRunHarness()
        await run.press(.character("c"), .character("?"), .function(1))
        #expect(run.rows.last!.hasPrefix(" HELP"))
        await run.press(.escape)
        #expect(run.frame().contains("┌─ New wedding"))
        #expect(run.screen.form.fields.first?.text == "?")
    }

    @Test("? shows every key, including this screen's; Esc closes it")
    func help() async {
        let run = FirstRunHarness(rows: 40, columns: 120)
        await run.press(.character("?"))
        #expect(run.frame().contains("┌─ Keys"))
        await run.press(.character("G"))
        let bottom = run.frame()
        #expect(bottom.contains(KeyMode.firstRun.title))
        #expect(bottom.contains("Quit without creating anything"))
        await run.press(.escape)
        #expect(run.frame().contains("Welcome to blueprint"))
        #expect(!run.frame().contains("┌─ Keys"))
    }

    @Test("the welcome and the form with its problems, at 80×24 and 120×40", arguments: SnapshotTests.sizes)
    func snapshots(_ size: CanvasSize) async {
        let run = FirstRunHarness(rows: size.rows, columns: size.columns)
        run.frame()
        Snapshot.expect(run.canvas, named: "first-run-\(size.columns)x\(size.rows)")
        await run.press(.character("c"))
        await run.type("Ana \u{1B}[31m& 山田")
        await run.press(.tab, .tab, .tab)
        await run.type("next june")
        await run.press(.enter)
        run.frame()
        #expect(!run.canvas.text.unicodeScalars.contains { $0.value == 0x1B })
        Snapshot.expect(run.canvas, named: "first-run-form-problems-\(size.columns)x\(size.rows)")
    }
}
