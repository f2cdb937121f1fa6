import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Budget scenarios view")
@MainActor
struct BudgetScenariosTests {
    /// The budget pane's scenarios view (v from the categories shows the expenses, v again the scenarios).
    func opened() async -> PlannerHarness {
        let planner = await PlannerHarness()
        await planner.press(.character("2"), .character("v"), .character("v"))
        return planner
    }

    func storedScenarios(_ planner: PlannerHarness) async throws -> [BudgetScenario] {
        try await planner.stored { Array($0.scenarios.records) }
    }

    /// Copies the live budget into "City venue" and sets its Venue line to 11,200.
    func cityVenue() async throws -> (PlannerHarness, BudgetScenario) {
        let planner = await opened()
        await planner.press(.character("a"))
        #expect(planner.frame().contains("┌─ Copy the budget into a scenario ─"))
        await planner.type("City venue")
        await planner.press(.enter)
        await planner.press(.enter, .character("G"), .character("e"))
        #expect(planner.frame().contains("┌─ City venue: Venue ─"))
        await planner.press(.tab, .control("u"))
        await planner.type("11200")
        await planner.press(.enter)
        let scenario = try #require(try await storedScenarios(planner).first)
        return (planner, scenario)
    }

    @Test("v from the expenses shows the scenarios; with none, it says how to make one; v goes back to the categories")
    func empty() async {
        let planner = await opened()
        #expect(planner.statusRow.hasPrefix(" SCENARIOS │ 0 scenarios"))
        #expect(planner.frame().contains("No scenarios yet: a copies the live budget into one, to change freely."))
        await planner.press(.character("v"))
        #expect(planner.statusRow.hasPrefix(" BUDGET"))
    }

    @Test("a copies the live budget into a named scenario; its lines change without touching the live budget")
    func copyAndChange() async throws {
        let (planner, scenario) = try await cityVenue()
        #expect(scenario.name == "City venue")
        #expect(scenario.totalBudget == Wedding1.money(20_000))
        #expect(scenario.lines.map(\.name) == ["Flowers", "Music", "Venue"])
        #expect(scenario.lines.map(\.allocated) == [Wedding1.money(500), Wedding1.money(1_500), Wedding1.money(11_200)])
        #expect(try await planner.stored { $0.categories[Wedding1.venue]?.allocated } == Wedding1.money(8_000))
        #expect(planner.frame().contains("▶ City venue  $20,000.00 total  $13,200.00 allocated"))
        #expect(planner.frame().contains("Venue                              $11,200.00"))
        await planner.press(.escape)
        #expect(planner.frame().contains("City venue"))
        #expect(planner.frame().contains("City venue                         $20,000.00   $13,200.00          same     3"))
    }

    @Test("a scenario's name is required and unique: the problem shows beside the field, nothing is saved")
    func nameChecked() async throws {
        let (planner, _) = try await cityVenue()
        await planner.press(.escape, .character("a"), .enter)
        #expect(planner.frame().contains("a scenario name is required"))
        await planner.type("city venue")
        await planner.press(.enter)
        #expect(planner.frame().contains("another scenario is called 'city venue'"))
        await planner.press(.escape, .character("y"))
        #expect(try await storedScenarios(planner).count == 1)
    }

    @Test("C compares with the live budget per category: the live figure, the scenario's, the difference and totals")
    func compare() async throws {
        let (planner, _) = try await cityVenue()
        await planner.press(.character("C"))
        let frame = planner.frame()
        #expect(planner.statusRow.hasPrefix(" COMPARE"))
        #expect(frame.contains("▶ Live budget compared with City venue"))
        let rows = planner.rows
        let venue = try #require(rows.firstIndex { $0.hasPrefix("Venue ") })
        #expect(rows[venue].contains("$8,000.00") && rows[venue].contains("$11,200.00") && rows[venue].contains("+$3,200.00"),
                "\(rows[venue])")
        let plus = try #require(rows[venue].range(of: "+$3,200.00")).lowerBound.utf16Offset(in: rows[venue])
        #expect(planner.canvas.style(row: venue, column: plus).role == .warning)
        let flowers = try #require(rows.firstIndex { $0.hasPrefix("Flowers ") })
        #expect(rows[flowers].contains("same"))
        #expect(rows.contains { $0.hasPrefix("Allocated") && $0.contains("$10,000.00") && $0.contains("$13,200.00") })
        #expect(rows.contains { $0.hasPrefix("Total budget") && $0.contains("$20,000.00") })
    }

    @Test("C again compares with the next scenario, then the live budget again")
    func compareScenarios() async throws {
        let (planner, _) = try await cityVenue()
        await planner.press(.escape, .character("a"))
        await planner.type("Small")
        await planner.press(.enter)
        await planner.press(.character("k"), .character("C"), .character("C"))
        #expect(planner.frame().contains("▶ City venue compared with Small"))
        let rows = planner.rows
        let venue = try #require(rows.firstIndex { $0.hasPrefix("Venue ") })
        #expect(rows[venue].contains("-$3,200.00"), "\(rows[venue])")
        await planner.press(.character("C"))
        #expect(planner.frame().contains("▶ Live budget compared with City venue"))
        await planner.press(.escape)
        #expect(planner.statusRow.hasPrefix(" SCENARIOS"))
    }

    @Test("L asks first, saying what changes; making it live changes the category, and u restores it in one step")
    func makeLive() async throws {
        let (planner, scenario) = try await cityVenue()
        await planner.press(.character("L"))
        let dialog = planner.rows.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined(separator: " ")
        #expect(dialog.contains("Make City venue the live budget? Venue $8,000.00 → $11,200.00, 1 category changes. u undoes it."),
                "\(dialog)")
        await planner.press(.character("y"))
        #expect(try await planner.stored { $0.categories[Wedding1.venue]?.allocated } == Wedding1.money(11_200))
        #expect(planner.statusRow.contains("City venue is the live budget · u undoes"))
        await planner.press(.character("u"))
        #expect(try await planner.stored { $0.categories[Wedding1.venue]?.allocated } == Wedding1.money(8_000))
        #expect(try await storedScenarios(planner).first?.lines == scenario.lines)
    }

    @Test("in a scenario's lines, a adds a line for a new category and d removes one after asking")
    func addAndRemoveLines() async throws {
        let (planner, _) = try await cityVenue()
        await planner.press(.character("a"))
        await planner.type("Photo booth")
        await planner.press(.tab)
        await planner.type("600")
        await planner.press(.enter)
        #expect(try await storedScenarios(planner).first?.lines.last?.name == "Photo booth")
        #expect(planner.frame().contains("new category"))
        await planner.press(.character("g"), .character("d"))
        #expect(planner.frame().contains("Delete the line Flowers?"))
        await planner.press(.character("y"))
        #expect(try await storedScenarios(planner).first?.lines.map(\.name) == ["Music", "Venue", "Photo booth"])
    }
}
