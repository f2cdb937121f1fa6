import BlueprintDomain
import BlueprintStores
import Foundation
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Planner shell: header, panes, status line, live updates")
@MainActor
struct PlannerShellTests {
    @Test("it opens on the guests: tabs, wedding, days to go and the live marker in the header; mode and counts below")
    func opensOnGuests() async {
        let planner = await PlannerHarness()
        let rows = planner.rows
        #expect(rows[0] == "[0] Dashboard [1] Guests [2] Budget [3] [4] [5] [6] [7] [8]        Ana & Ben · 170 days to go ● live")
        #expect(rows[3].hasPrefix("Name ▲"))
        #expect(planner.statusRow.hasPrefix(" GUESTS │ 7 guests"))
        #expect(planner.statusRow.hasSuffix("? help  q quit "))
        #expect(planner.canvas.style(row: 0, column: 0) == .tabInactive)
        #expect(planner.canvas.style(row: 0, column: 14) == .tabActive, "the guests' tab")
    }

    @Test("at 80 columns a long wedding name keeps what room there is: the tabs close up to their keys first; the days to go and the live marker stay")
    func longNameAt80Columns() async {
        let planner = await PlannerHarness([Wedding1.dataset(name: "Anastasia Papadopoulou & Benedikt Hohenzollern")], rows: 24, columns: 80)
        #expect(planner.rows[0] == "[0][1][2][3][4][5][6][7][8]  Anastasia Papadopoulou & B… · 170 days to go ● live")
    }

    @Test("the marker names each way other sessions' changes arrive, and how long ago an offline copy was synced")
    func markerWords() {
        let now = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        let utc = TimeZone(identifier: "UTC")!
        #expect(Formats.marker(.live, now: now, timeZone: utc) == "● live")
        #expect(Formats.marker(.notWatched, now: now, timeZone: utc) == "○ not live")
        #expect(Formats.marker(.reconnecting, now: now, timeZone: utc) == "◌ reconnecting")
        #expect(Formats.marker(.connecting, now: now, timeZone: utc) == "◌ connecting")
        #expect(Formats.marker(.offline(lastSynced: Timestamp(millisecondsSince1970: now.millisecondsSince1970 - 180_000)),
                               now: now, timeZone: utc) == "○ offline · last synced 3 min ago")
        #expect(Formats.marker(.offline(lastSynced: nil), now: now, timeZone: utc) == "○ offline")
        #expect(Formats.marker(.refused("no such database"), now: now, timeZone: utc) == "✗ refused")
    }

    @Test("when other sessions' changes cannot be watched for, the header says ○ not live, in the warning style")
    func notLive() async throws {
        let planner = await PlannerHarness()
        #expect(planner.session.connection == .live)
        planner.host.simulateConnection(.notWatched)
        #expect(planner.session.connection == .notWatched)
        let header = planner.rows[0]
        #expect(header.hasSuffix("Ana & Ben · 170 days to go ○ not live"))
        let marker = try #require(header.range(of: "○")).lowerBound.utf16Offset(in: header)
        #expect(planner.canvas.style(row: 0, column: marker) == .warning)
        #expect(planner.canvas.style(row: 0, column: 99) == .warning)
    }

    @Test("when the feed's link breaks and comes back, the header says so by itself, no key pressed",
          .timeLimit(.minutes(3)))
    func reconnectingMarker() async throws {
        let planner = await PlannerHarness()
        _ = await planner.screen.warmedUp()
        #expect(planner.rows[0].hasSuffix("170 days to go ● live"))

        // Each message handled asks for one frame, as the app's inbox draws one after each.
        let before = planner.redrawRequests
        planner.holdsMessages = true
        planner.host.simulateConnection(.reconnecting)
        await planner.handleMessages { planner.redrawRequests > before }
        let header = planner.rows[0]
        #expect(header.hasSuffix("170 days to go ◌ reconnecting"))
        let marker = try #require(header.range(of: "◌")).lowerBound.utf16Offset(in: header)
        #expect(planner.canvas.style(row: 0, column: marker) == .warning)

        let reconnected = planner.redrawRequests
        planner.holdsMessages = true
        planner.host.simulateConnection(.live)
        await planner.handleMessages { planner.redrawRequests > reconnected }
        #expect(planner.rows[0].hasSuffix("170 days to go ● live"))
    }

    @Test("when the database refuses the session (found behind the first frame), the header says ✗ refused and the status line why, by itself",
          .timeLimit(.minutes(3)))
    func refusedMarker() async throws {
        let planner = await PlannerHarness()
        _ = await planner.screen.warmedUp()
        let before = planner.redrawRequests
        planner.holdsMessages = true
        planner.host.simulateConnection(.refused("the server refused to let mei in: password authentication failed"))
        #expect(!planner.lastMessage.contains("Read only"), "said before its message was handled")
        await planner.handleMessages { planner.redrawRequests > before }
        #expect(planner.rows[0].hasSuffix("170 days to go ✗ refused"), "not ○ offline: \(planner.rows[0])")
        #expect(planner.rows.contains { $0.contains("Read only, from this machine's copy: the server refused") },
                "\(planner.rows.joined(separator: "\n"))")
        #expect(planner.lastMessage.contains("Read only, from this machine's copy: the server refused to let mei in"))
    }

    @Test("0–8, Tab and Shift-Tab switch panes, in the order of the tabs; the active tab follows")
    func switchesPanes() async throws {
        let planner = await PlannerHarness()
        #expect(planner.screen.activePane == 1, "the planner opens on the guests")
        await planner.press(.character("3"))
        #expect(planner.screen.activePane == 3)
        await planner.press(.tab, .tab)
        #expect(planner.screen.activePane == 5)
        await planner.press(.tab)
        #expect(planner.screen.activePane == 6)
        await planner.press(.tab)
        #expect(planner.screen.activePane == 7)
        await planner.press(.tab)
        #expect(planner.screen.activePane == 8)
        await planner.press(.tab)
        #expect(planner.screen.activePane == 0)
        await planner.press(.backTab, .backTab, .backTab, .backTab)
        #expect(planner.screen.activePane == 5)
        let header = planner.rows[0]
        let timeline = try #require(header.range(of: "[5] Timeline")).lowerBound.utf16Offset(in: header)
        #expect(planner.canvas.style(row: 0, column: timeline) == .tabActive)
        await planner.press(.character("1"))
        #expect(planner.screen.activePane == 1)
        await planner.press(.character("0"))
        #expect(planner.screen.activePane == 0)
        #expect(planner.statusRow.hasPrefix(" DASHBOARD │ "))
        await planner.press(.character("5"))
        #expect(planner.statusRow.hasPrefix(" MILESTONES │ "))
    }

    @Test("a message from the wedding asks for a frame, after its change; drawing and idling ask for none")
    func messagesRequestFrames() async {
        let planner = await PlannerHarness()
        await planner.screen.settle()
        let before = planner.redrawRequests
        planner.frame()
        planner.frame()
        #expect(planner.redrawRequests == before)
        planner.holdsMessages = true
        let newcomer = Guest(firstName: "Nova", lastName: "Newton", createdAt: Wedding1.start)
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(newcomer)])
        #expect(planner.redrawRequests == before, "a frame asked for before the change was handled")
        await planner.handleMessages { planner.session.guests.guest(newcomer.id) != nil }
        #expect(planner.redrawRequests > before)
        #expect(planner.frame().contains("Nova Newton"))
        let after = planner.redrawRequests
        planner.frame()
        #expect(planner.redrawRequests == after)
    }

    @Test("a change from another session shows within the open pane, with a status message")
    func liveUpdates() async {
        let planner = await PlannerHarness()
        let newcomer = Guest(firstName: "Nova", lastName: "Newton", createdAt: Wedding1.start)
        planner.holdsMessages = true
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(newcomer)])
        #expect(!planner.frame().contains("Nova Newton"), "shown before its message was handled")
        await planner.handleMessages { planner.session.guests.guest(newcomer.id) != nil }
        let frame = planner.frame()
        #expect(frame.contains("Nova Newton"))
        #expect(planner.statusRow.contains("8 guests"))
        #expect(planner.statusRow.contains("Updated from another session: guests (by someone@elsewhere)"))
    }

    @Test("? opens help from the keymap; Esc closes it")
    func help() async {
        let planner = await PlannerHarness()
        await planner.press(.character("?"))
        #expect(planner.frame().contains("┌─ Keys · \(BlueprintVersion.banner) ─"))
        #expect(planner.statusRow.hasPrefix(" HELP"))
        await planner.press(.escape)
        #expect(!planner.frame().contains("┌─ Keys · \(BlueprintVersion.banner) ─"))
    }

    @Test("q quits from a list; in a form it is typed text")
    func quit() async {
        let planner = await PlannerHarness()
        #expect(planner.driver.handle(.character("q"), size: planner.canvas.size) == .quit)
        await planner.press(.character("a"))
        #expect(planner.driver.handle(.character("q"), size: planner.canvas.size) == .redraw)
    }

    @Test("Ctrl-C quits at once with nothing typed; with a form's edits it asks first, and a second Ctrl-C quits")
    func interruptAsksBeforeDroppingEdits() async {
        let planner = await PlannerHarness()
        await planner.press(.character("a"))
        #expect(planner.driver.handle(.control("c"), size: planner.canvas.size) == .quit)
        await planner.type("Zed")
        #expect(planner.driver.handle(.control("c"), size: planner.canvas.size) == .redraw)
        let question = planner.frame()
        #expect(question.contains("Quit and drop what you typed in the form? (Ctrl-C again"), "\(question)")
        await planner.press(.enter)
        #expect(!planner.frame().contains("Quit and drop"))
        #expect(planner.frame().contains("Zed"))
        #expect(planner.driver.handle(.control("c"), size: planner.canvas.size) == .redraw)
        #expect(planner.driver.handle(.control("c"), size: planner.canvas.size) == .quit)
    }

    @Test("confirming Ctrl-C's question quits; in a list Ctrl-C quits at once")
    func interruptConfirmed() async {
        let planner = await PlannerHarness()
        #expect(planner.driver.handle(.control("c"), size: planner.canvas.size) == .quit)
        await planner.press(.character("a"))
        await planner.type("Zed")
        _ = planner.driver.handle(.control("c"), size: planner.canvas.size)
        #expect(planner.driver.handle(.character("y"), size: planner.canvas.size) == .quit)
    }

    @Test("F1 opens help from a list and over a form, where ? is typed text")
    func helpKey() async {
        let planner = await PlannerHarness()
        await planner.press(.function(1))
        #expect(planner.frame().contains("┌─ Keys · \(BlueprintVersion.banner) ─"))
        await planner.press(.function(1))
        #expect(!planner.frame().contains("┌─ Keys · \(BlueprintVersion.banner) ─"))
        await planner.press(.character("a"), .character("?"), .function(1))
        #expect(planner.frame().contains("┌─ Keys · \(BlueprintVersion.banner) ─"))
        await planner.press(.escape)
        #expect(planner.frame().contains("┌─ New guest ─"))
        #expect(planner.frame().contains("?"))
    }

    @Test("the status line's hints name the keys that work in the mode: a list's help and quit, a form's save, cancel, next")
    func modeHints() async {
        let planner = await PlannerHarness()
        #expect(planner.statusRow.hasSuffix("? help  q quit "))
        await planner.press(.character("a"))
        #expect(planner.statusRow.hasSuffix("Enter save  Esc cancel  Tab next  F1 help "))
        #expect(!planner.statusRow.contains("q quit"))
        await planner.press(.tab, .tab, .tab, .tab, .tab)
        #expect(planner.statusRow.hasSuffix("Enter save  Esc cancel  Tab next  F1 help "))
        await planner.press(.character(" "))
        #expect(planner.statusRow.hasSuffix("Enter choose  Esc close  F1 help "))
    }

    @Test("below the minimum size the notice replaces the layout, and the layout returns after")
    func tooSmall() async {
        let planner = await PlannerHarness()
        planner.canvas.resize(to: CanvasSize(rows: 10, columns: 40))
        await planner.press(.resize)
        #expect(planner.frame().contains("Terminal too small"))
        planner.canvas.resize(to: CanvasSize(rows: 30, columns: 100))
        await planner.press(.resize)
        #expect(planner.frame().contains("Ana Alvarez"))
    }
}
