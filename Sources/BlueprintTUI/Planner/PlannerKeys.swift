import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The planner's keys: the global ones, which work over every pane, and those of every list,
/// with what the planner does for each; a key without a handler here is the pane's to handle
/// (moving, adding, editing: `Pane.handle`).
extension PlannerScreen {
    nonisolated static let keyCommands: [PlannerKeyCommand<PlannerScreen>] = [
        // Quitting is the screen's effect (`handle(_:)` returns `.quit`), not a handler's.
        HandledKeyCommand(.global, [.character("q"), .control("c")], .quit, "Quit"),
        HandledKeyCommand(.global, [.character("?"), .function(1)], .help, "Show this help (F1 also in forms and dialogs)") { screen, _ in
            screen.run(.help)
            return true
        },
        HandledKeyCommand(.global, [.character("0")], .showPane(0), "Show the dashboard: what needs you now", perform: showPane(0)),
        HandledKeyCommand(.global, [.character("1")], .showPane(1), "Show guests", perform: showPane(1)),
        HandledKeyCommand(.global, [.character("2")], .showPane(2), "Show the budget", perform: showPane(2)),
        HandledKeyCommand(.global, [.character("3")], .showPane(3), "Show vendors", perform: showPane(3)),
        HandledKeyCommand(.global, [.character("4")], .showPane(4), "Show tasks", perform: showPane(4)),
        HandledKeyCommand(.global, [.character("5")], .showPane(5), "Show the timeline: milestones and the run sheet", perform: showPane(5)),
        HandledKeyCommand(.global, [.character("6")], .showPane(6), "Show the gifts: thank-yous and money owed", perform: showPane(6)),
        HandledKeyCommand(.global, [.character("7")], .showPane(7), "Show the notes on the wedding and its records", perform: showPane(7)),
        HandledKeyCommand(.global, [.character("8")], .showPane(8), "Show the activity: who changed what, newest first", perform: showPane(8)),
        HandledKeyCommand(.global, [.tab], .nextPane, "Next pane") { screen, _ in
            screen.show(pane: (screen.activePane + 1) % screen.panes.count)
            return true
        },
        HandledKeyCommand(.global, [.backTab], .previousPane, "Previous pane") { screen, _ in
            screen.show(pane: (screen.activePane + screen.panes.count - 1) % screen.panes.count)
            return true
        },
        HandledKeyCommand(.global, [.character(":")], .command, "Type a command (with completion)") { screen, _ in
            screen.openCommandLine()
            return true
        },
        HandledKeyCommand(.global, [.character("u")], .undo, "Undo the last change in this pane", changesData: true) { screen, _ in
            UndoRedo.undo(in: screen.activePaneStore, host: screen)
            return true
        },
        HandledKeyCommand(.global, [.control("r")], .redo, "Redo: do again what the last undo took back",
                          changesData: true) { screen, _ in
            UndoRedo.redo(in: screen.activePaneStore, host: screen)
            return true
        },
        HandledKeyCommand(.global, [.character("W")], .settings,
                          "Edit the wedding's settings: partners, RSVP deadline, budget, currency, meal options", changesData: true) { screen, _ in
            screen.run(.settings)
            return true
        },
        HandledKeyCommand(.global, [.character("!")], .diagnostics, "Show cache and timing diagnostics") { screen, _ in
            screen.run(.diagnostics)
            return true
        },
        HandledKeyCommand(.global, [.control("g")], .showMessage, "Show the last message whole") { screen, _ in
            screen.showLastMessage()
            return true
        },
        HandledKeyCommand(.global, [.control("l")], .redraw, "Redraw the screen"),
        HandledKeyCommand(.global, [.control("z")], .suspend, "Suspend to the shell (fg resumes)"),
        
        HandledKeyCommand(.list, [.character("k"), .up], .moveUp, "Move up"),
        HandledKeyCommand(.list, [.character("j"), .down], .moveDown, "Move down"),
        HandledKeyCommand(.list, [.character("h"), .left], .moveLeft, "Scroll left"),
        HandledKeyCommand(.list, [.character("l"), .right], .moveRight, "Scroll right"),
        HandledKeyCommand(.list, [.pageUp], .pageUp, "Page up"),
        HandledKeyCommand(.list, [.pageDown], .pageDown, "Page down"),
        HandledKeyCommand(.list, [.character("g"), .home], .top, "First row"),
        HandledKeyCommand(.list, [.character("G"), .end], .bottom, "Last row"),
        HandledKeyCommand(.list, [.character("/")], .search, "Search", perform: search(.search)),
        HandledKeyCommand(.list, [.character("n")], .nextMatch, "Next match", perform: search(.nextMatch)),
        HandledKeyCommand(.list, [.character("N")], .previousMatch, "Previous match", perform: search(.previousMatch)),
        HandledKeyCommand(.list, [.character("a")], .add, "Add", changesData: true),
        HandledKeyCommand(.list, [.character("e")], .edit, "Edit the selected row", changesData: true),
        HandledKeyCommand(.list, [.character("d")], .delete, "Delete the selected row (asks first)", changesData: true),
        HandledKeyCommand(.list, [.character(" ")], .toggle, "Toggle the selected row: attending, paid, booked, done", changesData: true),
        HandledKeyCommand(.list, [.enter], .activate, "Open the selected row"),
        HandledKeyCommand(.list, [.escape], .cancel, "Clear the search, or go back"),
        HandledKeyCommand(.list, [.character("s")], .cycleSort, "Sort by the next column"),
        HandledKeyCommand(.list, [.character("S")], .reverseSort, "Reverse the sort"),
        HandledKeyCommand(.list, [.character("f")], .filter, "Filter the list"),
        HandledKeyCommand(.list, [.character("F")], .clearFilters, "Clear the filters"),
        HandledKeyCommand(.list, [.character("w")], .addNote, 
                          "Write a note on the selected row (on the wedding in the dashboard and notes)", changesData: true) { screen, _ in
            guard let subject = screen.panes[safe: screen.activePane]?.noteSubject else {
                screen.report("Select a row to write a note on", severity: .warning)
                return true
            }
            NoteForms.present(on: subject, host: screen)
            return true
        },
        HandledKeyCommand(.list, [.character("v")], .switchView,
                          "Switch view: seating chart, categories/expenses/scenarios, tasks by status, milestones/run sheet, gifts/thank-yous/money owed"),
    ]

    /// Shows pane `number`.
    private nonisolated static func showPane(_ number: Int) -> PlannerKeyHandler<PlannerScreen> {
        { screen, _ in
            screen.show(pane: number)
            return true
        }
    }

    /// `/`, `n` or `N` in the pane on screen.
    private nonisolated static func search(_ action: KeyAction) -> PlannerKeyHandler<PlannerScreen> {
        { screen, _ in
            guard let pane = screen.panes[safe: screen.activePane] else { return false }
            SearchCommand.run(action, in: pane, host: screen)
            return true
        }
    }

    /// The store whose changes `u` takes back in the pane on screen.
    private var activePaneStore: DomainStore? { panes[safe: activePane]?.store }
}

extension PlannerHost {
    /// Lists the documents of `subject`, the selected row of a pane, when it is a vendor or an
    /// expense; otherwise says what to select.
    func showDocuments(ofSelected subject: RecordSubject?) -> Bool {
        guard let subject, [.vendor, .expense].contains(subject.kind) else {
            report("Select a vendor or an expense to list its documents", severity: .warning)
            return true
        }
        showDocuments(of: subject)
        return true
    }
}
