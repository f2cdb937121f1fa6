import BlueprintCache
import BlueprintDomain
import Testing

@Suite struct InvalidationStrategyTests {
    let wedding = WeddingID()

    private func resources(_ action: CacheOperation.Action) -> Set<CacheResource> {
        Set(CacheInvalidator.keys(for: CacheOperation(action, in: wedding)).map(\.resource))
    }

    @Test(arguments: [CacheOperation.Action.guestCreated, .guestUpdated, .guestDeleted, .guestsImported])
    func guestsInvalidateTheirStatsAndSeating(_ action: CacheOperation.Action) {
        #expect(resources(action) == [.guests, .guestStats, .seatingChart])
    }

    @Test func categoriesInvalidateBudgetFigures() {
        let figures: Set<CacheResource> = [.budgetCategories, .budgetSummary, .categoryMetrics]
        #expect(resources(.categoryCreated) == figures)
        #expect(resources(.categoryUpdated) == figures)
        #expect(resources(.categoryDeleted) == figures.union([.vendors, .tasks]), "delete unlinks vendors and tasks")
    }

    @Test(arguments: [CacheOperation.Action.expenseCreated, .expenseUpdated, .expenseDeleted,
                      .installmentCreated, .installmentUpdated, .installmentDeleted])
    func expensesAndInstallmentsInvalidateMoneyFigures(_ action: CacheOperation.Action) {
        #expect(resources(action) == [.expenses, .budgetSummary, .categoryMetrics, .vendorPaymentTotals])
    }

    @Test func expenseImportAlsoInvalidatesCategories() {
        #expect(resources(.expensesImported)
            == [.expenses, .budgetSummary, .categoryMetrics, .vendorPaymentTotals, .budgetCategories])
    }

    @Test func vendorsInvalidateTheirStatsAndOnDeleteWhatTheyUnlink() {
        #expect(resources(.vendorCreated) == [.vendors, .vendorStats])
        #expect(resources(.vendorUpdated) == [.vendors, .vendorStats])
        #expect(resources(.vendorsImported) == [.vendors, .vendorStats])
        #expect(resources(.vendorDeleted) == [.vendors, .vendorStats, .expenses, .tasks, .vendorPaymentTotals])
    }

    @Test(arguments: [CacheOperation.Action.taskCreated, .taskUpdated, .taskDeleted, .tasksImported,
                      .subtaskCreated, .subtaskUpdated, .subtaskDeleted])
    func tasksAndSubtasksInvalidateTaskFigures(_ action: CacheOperation.Action) {
        #expect(resources(action) == [.tasks, .taskStats])
    }

    @Test func weddingSettingsInvalidateBudgetSummaryAndMealCounts() {
        #expect(resources(.weddingSettingsUpdated) == [.wedding, .budgetSummary, .guestStats])
    }

    @Test func deletingAWeddingInvalidatesEverythingOfIt() {
        #expect(CacheInvalidator.keys(for: CacheOperation(.weddingDeleted, in: wedding)) == Set(CacheKey.all(of: wedding)))
    }

    @Test func externalChangeIsTheUnionOfItsKindsActions() {
        let external = CacheInvalidator.keys(for: .external([.guest, .vendor], in: wedding))
        let union = CacheOperation.Action.allCases.filter { [.guest, .vendor].contains($0.recordKind) }
            .reduce(into: Set<CacheKey>()) { $0.formUnion(CacheInvalidator.keys(for: CacheOperation($1, in: wedding))) }
        #expect(external == union)
        #expect(Set(external.map(\.resource))
            == [.guests, .guestStats, .seatingChart, .vendors, .vendorStats, .expenses, .tasks, .vendorPaymentTotals])
        #expect(CacheInvalidator.keys(for: .external([], in: wedding)).isEmpty)
    }

    @Test func everyActionBelongsToExactlyOneStrategy() {
        for action in CacheOperation.Action.allCases {
            let answering = CacheInvalidator.strategies.filter { !$0.resources(invalidatedBy: action).isEmpty }
            #expect(answering.count == 1, "\(action) is handled by \(answering.count) strategies")
        }
    }

    @Test func everyResourceIsInvalidatedByAnOperationOtherThanDeletingTheWedding() {
        let invalidated = CacheOperation.Action.allCases.filter { $0 != .weddingDeleted }
            .reduce(into: Set<CacheResource>()) { $0.formUnion(resources($1)) }
        #expect(invalidated == Set(CacheResource.allCases))
    }

    @Test func everyOperationStaysInItsWedding() {
        let other = WeddingID()
        for operation in CacheOperation.all(in: wedding) + CacheOperation.all(in: other) {
            let keys = CacheInvalidator.keys(for: operation)
            #expect(!keys.isEmpty, "\(operation) invalidates nothing")
            #expect(keys.allSatisfy { $0.wedding == operation.wedding }, "\(operation) reaches another wedding")
        }
    }

    @Test func allOperationsListsEveryActionAndEveryExternalKind() {
        let operations = CacheOperation.all(in: wedding)
        #expect(operations.count == CacheOperation.Action.allCases.count + RecordKind.allCases.count)
        #expect(Set(operations).count == operations.count)
        #expect(operations.allSatisfy { $0.wedding == wedding })
    }

    @Test func invalidatorDropsExactlyTheOperationsKeys() async {
        let (cache, _) = makeCache()
        let other = WeddingID()
        for key in CacheKey.all(of: wedding) + CacheKey.all(of: other) { await cache.set(key, key.description) }

        await CacheInvalidator(cache: cache).invalidate(CacheOperation(.vendorDeleted, in: wedding))

        let left = Set(cache.keysByRecency())
        let dropped: Set<CacheResource> = [.vendors, .vendorStats, .expenses, .tasks, .vendorPaymentTotals]
        #expect(left == Set(CacheKey.all(of: other)).union(CacheKey.all(of: wedding).filter { !dropped.contains($0.resource) }))
    }
}
