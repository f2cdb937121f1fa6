import BlueprintConfiguration
import BlueprintDomain
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("The planner with the user's keys, and with the mouse")
@MainActor
struct PlannerConfigurationTests {
    private func keymap(_ text: String) -> Keymap {
        let settings = PlannerSettings(Configuration.read(text, file: "config.toml").configuration)
        #expect(settings.problems.isEmpty, "\(settings.problems)")
        return settings.keymap
    }

    @Test("a rebound key does the action, the old one no longer does, and help and the hints show the new keys")
    func reboundKeys() async {
        let keymap = keymap("[keys.global]\nshow-pane-2 = \"B\"\nhelp = \"f1\"\nquit = [\"Q\", \"ctrl-c\"]\n")
        let planner = await PlannerHarness(keymap: keymap)
        #expect(planner.statusRow.hasSuffix("F1 help  Q quit "))
        await planner.press(.character("2"))
        #expect(planner.screen.activePane == 1)
        await planner.press(.character("B"))
        #expect(planner.screen.activePane == 2)
        await planner.press(.function(1))
        let help = planner.rows
        for (keys, text) in [("F1", "Show this help"), ("B", "Show the budget"), ("Q, Ctrl-C", "Quit")] {
            #expect(help.contains { $0.contains("│  \(keys) ") && $0.contains(" \(text) ") }, "\(keys): \(text)")
        }
        #expect(planner.driver.handle(.character("q"), size: planner.canvas.size) == .redraw)
    }

    @Test("a note from the command line shows in the status line with its severity")
    func announce() async {
        let planner = await PlannerHarness()
        planner.screen.announce("config.toml:3: unknown theme \"dark\"", severity: .warning)
        #expect(planner.statusRow.contains("config.toml:3: unknown theme \"dark\""))
        let column = planner.statusRow.distance(from: planner.statusRow.startIndex, to: planner.statusRow.range(of: "config.toml")!.lowerBound)
        #expect(planner.canvas.style(row: planner.canvas.size.rows - 1, column: column).role == .warning)
    }

    @Test("a click selects the row under it and a click on a tab shows its pane")
    func clicks() async throws {
        let planner = await PlannerHarness()
        let rows = planner.rows
        let cleo = try #require(rows.firstIndex { $0.hasPrefix("Cleo Chen") })
        await planner.press(.mouse(MouseEvent(.click, row: cleo, column: 5)))
        #expect(planner.session.guests.visibleGuests[planner.screen.panes[1].searchTarget!.selectedRow!].id == Wedding1.cleo)
        let header = planner.rows[0]
        let budget = try #require(header.range(of: "[2] Budget")).lowerBound.utf16Offset(in: header)
        await planner.press(.mouse(MouseEvent(.click, row: 0, column: budget + 5)))
        #expect(planner.screen.activePane == 2)
        await planner.press(.mouse(MouseEvent(.click, row: 0, column: budget - 1)))
        #expect(planner.screen.activePane == 2, "a click between two tabs shows none")
    }

    @Test("the wheel scrolls the list, keeping the selection in view; overlays ignore the mouse")
    func wheel() async {
        let planner = await PlannerHarness([Wedding1.dataset(extraGuests: 100)], rows: 20)
        planner.frame()
        await planner.press(.mouse(MouseEvent(.wheelDown, row: 10, column: 5)))
        planner.frame()
        let target = planner.screen.panes[1].searchTarget!
        #expect(target.selectedRow == TableViewModel.wheelStep)
        await planner.press(.character("?"))
        await planner.press(.mouse(MouseEvent(.click, row: 0, column: 34)))
        #expect(planner.screen.activePane == 1)
    }
}
