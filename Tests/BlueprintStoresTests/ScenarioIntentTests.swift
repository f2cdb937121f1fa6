import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Budget scenarios and income in the budget store", .timeLimit(.minutes(3)))
struct ScenarioIntentTests {
    @Test func copyingTheLiveBudgetMakesAScenarioWithItsExactLines() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        #expect(await store.copyLiveBudget(named: "150 guests") == .saved)
        let scenario = try #require(store.scenarios.first)
        #expect(scenario.name == "150 guests" && scenario.totalBudget == store.wedding?.totalBudget)
        let categories = store.categories.sorted { $0.name.lowercased() < $1.name.lowercased() }
        #expect(scenario.lines.map(\.categoryID) == categories.map(\.id))
        #expect(scenario.lines.map(\.allocated) == categories.map(\.allocated))
        #expect(try await harness.stored { $0.scenarios.records } == [scenario])
    }

    @Test func scenarioLinesAreChangedAddedAndRemovedWithoutTouchingTheLiveBudget() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        await store.copyLiveBudget(named: "What if")
        let id = try #require(store.scenarios.first?.id)
        let venueLine = try #require(store.scenario(id)?.lines.first { $0.categoryID == Sample.venue }?.id)
        let categoriesBefore = store.categories
        #expect(await store.setScenarioLine(venueLine, in: id, to: Money(minorUnits: 123_456)) == .saved)
        #expect(await store.addScenarioLine(named: "Transport", amount: Money(minorUnits: 50_000), to: id) == .saved)
        let flowersLine = try #require(store.scenario(id)?.lines.first { $0.categoryID == Sample.flowers }?.id)
        #expect(await store.removeScenarioLine(flowersLine, from: id) == .saved)
        #expect(await store.setScenarioTotal(id, to: Money(minorUnits: 3_000_000)) == .saved)
        #expect(await store.renameScenario(id, to: "City venue") == .saved)
        let scenario = try #require(try await harness.stored { $0.scenarios[id] })
        #expect(scenario.name == "City venue" && scenario.totalBudget == Money(minorUnits: 3_000_000))
        #expect(scenario.lines.map(\.name) == ["Venue", "Transport"])
        #expect(scenario.lines.map(\.allocated) == [Money(minorUnits: 123_456), Money(minorUnits: 50_000)])
        #expect(store.categories == categoriesBefore)

        let comparison = try #require(store.compare(id, with: nil))
        #expect(comparison.rows.map(\.name) == ["Venue", "Transport", "Flowers"])
        #expect(comparison.rows.map(\.left) == [Money(minorUnits: 123_456), Money(minorUnits: 50_000), nil])
    }

    @Test func makingAScenarioLiveIsOneStepThatUndoRestoresExactly() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        await store.copyLiveBudget(named: "Smaller")
        let id = try #require(store.scenarios.first?.id)
        var scenario = try #require(store.scenario(id))
        scenario.totalBudget = Money(minorUnits: 1_500_000)
        scenario.lines.removeAll { $0.categoryID == Sample.flowers }
        scenario.lines[0].allocated = Money(minorUnits: 700_000)
        scenario.lines.append(ScenarioLine(name: "Transport", allocated: Money(minorUnits: 40_000)))
        #expect(await store.updateScenario(scenario) == .saved)
        let before = try await harness.stored { $0 }

        #expect(await store.makeLive(id) == .saved)
        #expect(store.wedding?.totalBudget == Money(minorUnits: 1_500_000))
        #expect(store.category(Sample.venue)?.allocated == Money(minorUnits: 700_000))
        #expect(store.category(Sample.flowers)?.allocated == .zero)
        #expect(store.categories.first { $0.name == "Transport" }?.allocated == Money(minorUnits: 40_000))
        #expect(try await harness.stored { $0.categories.count } == before.categories.count + 1)
        #expect(store.undoTitle == "make scenario live")
        let newest = try #require(try await harness.context.records.activity(in: harness.weddingID).newestFirst().first)
        #expect(newest.sentence == "made scenario “Smaller” live", "one entry for the one action")

        #expect(await store.undo() == .saved)
        let after = try await harness.stored { $0 }
        #expect(after.wedding.totalBudget == before.wedding.totalBudget)
        #expect(after.categories.records.map(\.id) == before.categories.records.map(\.id))
        #expect(after.categories.records.map(\.allocated) == before.categories.records.map(\.allocated))
        #expect(store.categories.map(\.allocated) == before.categories.records.map(\.allocated))
        #expect(store.wedding?.totalBudget == before.wedding.totalBudget)
        #expect(!store.canUndo || store.undoTitle != "make scenario live")
        let undone = try #require(try await harness.context.records.activity(in: harness.weddingID).newestFirst().first)
        #expect(undone.sentence == "undid: made scenario “Smaller” live", "the undo is one entry too")

        #expect(await store.redo() == .saved)
        #expect(store.wedding?.totalBudget == Money(minorUnits: 1_500_000))
        let redone = try #require(try await harness.context.records.activity(in: harness.weddingID).newestFirst().first)
        #expect(redone.sentence == "made scenario “Smaller” live")
    }

    @Test func giftsAndContributionsMarkedAsIncomeRaiseWhatRemains() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        let remaining = try #require(store.summary?.remaining)
        let gifts = harness.context.records.records(Gift.self)
        _ = try await gifts.create(Gift(from: "Aunt May", giftKind: .money, value: Money(minorUnits: 50_000), countsAsIncome: true),
                                   in: harness.weddingID)
        _ = try await gifts.create(Gift(from: "Uncle Bo", giftKind: .money, value: Money(minorUnits: 30_000)), in: harness.weddingID)
        _ = try await harness.context.records.records(MoneyOwed.self).create(
            MoneyOwed(person: "Ana's parents", amount: Money(minorUnits: 500_000), settled: Money(minorUnits: 200_000),
                      countsAsIncome: true), in: harness.weddingID)
        await store.load(force: true)
        #expect(store.summary?.income == Money(minorUnits: 250_000))
        #expect(store.summary?.remaining == remaining + Money(minorUnits: 250_000))
    }
}
