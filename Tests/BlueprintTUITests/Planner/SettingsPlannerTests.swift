import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Wedding settings in the planner: the settings form and :date")
@MainActor
struct SettingsPlannerTests {
    func command(_ planner: PlannerHarness, _ line: String) async {
        await planner.press(.character(":"))
        await planner.type(line)
        await planner.press(.enter)
    }

    /// Whether the open form shows `message` beside the field labelled `label`, or on the line under it.
    func shows(_ message: String, at label: String, in planner: PlannerHarness) -> Bool {
        let rows = planner.rows
        guard let field = rows.firstIndex(where: { $0.contains("│ ") && $0.contains(" \(label)  ") }) else { return false }
        return rows[field].contains(message) || rows[field + 1].contains("↳ " + message)
    }

    /// Opens the settings form with `W` and replaces the meal options with `options`.
    func typeMealOptions(_ options: String, in planner: PlannerHarness) async {
        await planner.press(.character("0"), .character("W"))
        for _ in 0..<5 { await planner.press(.tab) }
        await planner.press(.control("u"))
        await planner.type(options)
        await planner.press(.enter)
    }

    @Test(":date moves the wedding day's run sheet with the checklist; u, in any pane, takes the whole move back as one step")
    func movingTheDayMovesTheRunSheetAsOneStep() async throws {
        let (dataset, template) = GlobalFeatureTests.checklistWedding()
        let planner = await PlannerHarness([dataset], checklist: template)
        await planner.press(.character("1"), .character("D"))
        let guestsBefore = try await planner.storedGuests()
        #expect(guestsBefore != dataset.guests.records, "an unrelated, older change")

        await command(planner, "date 2026-08-20")
        #expect(planner.frame().contains("Move 1 open checklist task") && planner.frame().contains("and 6 run-sheet items with it?"))
        await planner.press(.character("y"))
        #expect(planner.lastMessage.contains("Moved 1 open checklist task and 6 run-sheet items with the wedding day"))
        let days = try await planner.stored { Set($0.runSheet.records.map(\.day)) }
        #expect(days == [Wedding1.date(6, 19), Wedding1.date(8, 20)], "the rehearsal the day before stays")
        #expect(planner.session.timeline.runSheet.filter { $0.day == Wedding1.date(8, 20) }.count == 6, "the pane shows the move")

        await planner.press(.character("u"))
        #expect(try await planner.stored { $0.wedding.weddingDate } == Wedding1.date(6, 20))
        #expect(try await planner.stored { $0.runSheet.records.map(\.day) } == dataset.runSheet.records.map(\.day))
        #expect(try await planner.stored { $0.tasks.records.map(\.dueDate) } == dataset.tasks.records.map(\.dueDate))
        #expect(try await planner.storedGuests() == guestsBefore, "the older change stays")
    }

    @Test("W opens the settings; a meal option renamed in place is renamed on every guest, and u takes both back")
    func renamingAMeal() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("0"), .character("W"))
        #expect(planner.frame().contains("Settings of Ana & Ben"))
        await planner.press(.escape)
        await typeMealOptions("Chicken, Beef, Salmon, Vegetarian, Vegan", in: planner)
        #expect(planner.statusRow.contains("Saved the wedding's settings"), "\(planner.statusRow)")
        #expect(try await planner.stored { $0.wedding.mealOptions } == ["Chicken", "Beef", "Salmon", "Vegetarian", "Vegan"])
        #expect(try await planner.stored { $0.guests[Wedding1.ana]?.mealChoice } == "Salmon")
        #expect(planner.session.guests.guest(Wedding1.ana)?.mealChoice == "Salmon")

        await planner.press(.character("u"))
        #expect(try await planner.stored { $0.wedding.mealOptions } == Wedding.defaultMealOptions)
        #expect(try await planner.stored { $0.guests[Wedding1.ana]?.mealChoice } == "Fish")
    }

    @Test("removing a meal option guests chose says how many and asks; Enter again removes it")
    func removingAMealInUseAsks() async throws {
        let planner = await PlannerHarness()
        await typeMealOptions("Chicken, Beef, Fish, Vegetarian", in: planner)
        #expect(shows("guests chose Vegan (1 guest): Enter again removes it", at: "Meal options", in: planner), "\(planner.frame())")
        #expect(try await planner.stored { $0.wedding.mealOptions } == Wedding.defaultMealOptions)
        await planner.press(.enter)
        #expect(try await planner.stored { $0.wedding.mealOptions } == ["Chicken", "Beef", "Fish", "Vegetarian"])
        #expect(try await planner.stored { $0.guests[Wedding1.dev]?.mealChoice } == "")
    }

    @Test(":settings sets the RSVP deadline (one past is said); a currency outside ISO 4217 or of other digits once amounts exist is refused in words")
    func settingsCommand() async throws {
        let planner = await PlannerHarness(columns: 160)
        await command(planner, "settings")
        await planner.press(.tab, .tab, .control("u"))
        await planner.type("2026-05-15")
        await planner.press(.tab, .tab, .control("u"))
        await planner.type("JPY")
        await planner.press(.enter)
        #expect(shows("stays USD: amounts are already kept", at: "Currency", in: planner),
                "\(planner.frame())")
        await planner.press(.control("u"))
        await planner.type("xyz")
        await planner.press(.enter)
        #expect(shows("'xyz' is not a currency code", at: "Currency", in: planner), "\(planner.frame())")
        await planner.press(.control("u"))
        await planner.type("EUR")
        await planner.press(.enter)
        #expect(try await planner.stored { ($0.wedding.rsvpDeadline, $0.wedding.currency.code) } == (Wedding1.date(5, 15), "EUR"))

        await command(planner, "settings")
        await planner.press(.tab, .tab, .control("u"))
        await planner.type("2025-12-01")
        await planner.press(.enter)
        #expect(try await planner.stored { $0.wedding.rsvpDeadline } == CalendarDate(year: 2025, month: 12, day: 1))
        #expect(planner.statusRow.contains("note: the RSVP deadline 2025-12-01 is in the past"), "\(planner.statusRow)")
    }
}
