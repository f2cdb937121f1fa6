import BlueprintCache
import BlueprintDomain
import Testing

@Suite struct InvalidationStrategyTests {
    let wedding = WeddingID()

    private func resources(_ action: CacheOperation.Action, also more: [CacheOperation.Action] = []) -> Set<CacheResource> {
        Set(CacheInvalidator.keys(for: CacheOperation(action, also: more, in: wedding)).map(\.resource))
    }

    @Test(arguments: RecordWrite.allCases)
    func guestsInvalidateTheirStatsAndSeating(_ write: RecordWrite) {
        let own: Set<CacheResource> = [.guests, .guestStats, .seatingChart]
        // A deleted guest leaves the gifts and seating rules that named them (money gifts count in
        // the summary), and takes the notes about them.
        #expect(resources(.record(write, .guest))
                == (write == .deleted ? own.union([.gifts, .budgetSummary, .seatingRules, .notes]) : own))
    }

    @Test func categoriesInvalidateBudgetFigures() {
        let figures: Set<CacheResource> = [.budgetCategories, .budgetSummary, .categoryMetrics]
        #expect(resources(.record(.created, .category)) == figures)
        #expect(resources(.record(.updated, .category)) == figures)
        #expect(resources(.record(.imported, .category)) == figures)
        #expect(resources(.record(.deleted, .category)) == figures.union([.vendors, .tasks, .notes]),
                "delete unlinks vendors and tasks, and takes the category's notes")
    }

    @Test(arguments: [CacheOperation.Action.record(.created, .expense), .record(.updated, .expense), .record(.deleted, .expense),
                      .record(.imported, .expense), .installmentCreated, .installmentUpdated, .installmentDeleted])
    func expensesAndInstallmentsInvalidateMoneyFigures(_ action: CacheOperation.Action) {
        let attachments: Set<CacheResource> = action == .record(.deleted, .expense) ? [.notes, .documents] : []
        #expect(resources(action) == attachments.union([.expenses, .budgetSummary, .categoryMetrics, .vendorPaymentTotals]))
    }

    @Test func expenseImportThatCreatesCategoriesAlsoInvalidatesCategories() {
        #expect(resources(.record(.imported, .expense), also: [.record(.created, .category)])
            == [.expenses, .budgetSummary, .categoryMetrics, .vendorPaymentTotals, .budgetCategories])
    }

    @Test func vendorsInvalidateTheirStatsAndTheBudgetSummaryAndOnDeleteWhatTheyUnlink() {
        // A booked vendor's quote counts in the budget summary's committed figure.
        #expect(resources(.record(.created, .vendor)) == [.vendors, .vendorStats, .budgetSummary])
        #expect(resources(.record(.updated, .vendor)) == [.vendors, .vendorStats, .budgetSummary])
        #expect(resources(.record(.imported, .vendor)) == [.vendors, .vendorStats, .budgetSummary])
        #expect(resources(.record(.deleted, .vendor))
            == [.vendors, .vendorStats, .budgetSummary, .expenses, .tasks, .vendorPaymentTotals, .runSheet, .notes, .documents],
                "delete unlinks the run sheet too, takes the vendor's notes and moves its documents to the wedding")
    }

    @Test(arguments: [RecordWrite.created, .updated, .deleted, .imported])
    func timelineRecordsInvalidateOnlyTheirLists(_ write: RecordWrite) {
        let notes: Set<CacheResource> = write == .deleted ? [.notes] : []
        #expect(resources(.record(write, .milestone)) == notes.union([.milestones]))
        #expect(resources(.record(write, .runSheetItem)) == notes.union([.runSheet]))
    }

    @Test(arguments: [CacheOperation.Action.record(.created, .task), .record(.updated, .task), .record(.deleted, .task),
                      .record(.imported, .task), .subtaskCreated, .subtaskUpdated, .subtaskDeleted])
    func tasksAndSubtasksInvalidateTaskFigures(_ action: CacheOperation.Action) {
        let notes: Set<CacheResource> = action == .record(.deleted, .task) ? [.notes] : []
        #expect(resources(action) == notes.union([.tasks, .taskStats]))
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
            == [.guests, .guestStats, .seatingChart, .vendors, .vendorStats, .expenses, .tasks, .vendorPaymentTotals, .runSheet,
                .gifts, .budgetSummary, .seatingRules, .notes, .documents])
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

    @Test func operationsAreNamedByKindAndWriteInJournals() {
        #expect(CacheOperation(.created, .guest, in: wedding).name == "guestCreated")
        #expect(CacheOperation(.deleted, .category, in: wedding).name == "categoryDeleted")
        #expect(CacheOperation(.record(.imported, .expense), also: [.record(.created, .category)], in: wedding).name
            == "expenseImported")
        #expect(CacheOperation(.installmentUpdated, in: wedding).name == "installmentUpdated")
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

        await CacheInvalidator(cache: cache).invalidate(CacheOperation(.deleted, .vendor, in: wedding))

        let left = Set(cache.keysByRecency())
        let dropped: Set<CacheResource> = [.vendors, .vendorStats, .budgetSummary, .expenses, .tasks, .vendorPaymentTotals, .runSheet,
                                           .notes, .documents]
        #expect(left == Set(CacheKey.all(of: other)).union(CacheKey.all(of: wedding).filter { !dropped.contains($0.resource) }))
    }
}
