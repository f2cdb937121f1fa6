import Foundation

// Each record kind's declaration (see `TableRecord`); validation is in `RecordValidation.swift`.

extension WeddingDataset {
    /// Every kind of record the dataset keeps in a table, in the order changes are reported.
    public static let tableRecordTypes: [any TableRecord.Type] = [
        Guest.self, BudgetCategory.self, Expense.self, Vendor.self, WeddingTask.self, Milestone.self, RunSheetItem.self,
        Gift.self, MoneyOwed.self, BudgetScenario.self, SeatingTable.self, SeatingRule.self, Note.self, Document.self,
        Invitation.self,
    ]

    /// The declaration of the records of `kind`; `nil` for the wedding, which is not kept in a table.
    public static func tableRecordType(of kind: RecordKind) -> (any TableRecord.Type)? {
        tableRecordTypes.first { $0.kind == kind }
    }
}

extension Guest: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<Guest>> { \.guests }
    public static var listResource: CacheResource { .guests }
    public static var figures: Set<CacheResource> { [.guestStats, .seatingChart] }
    /// Gifts stay (from whoever else gave them, as written, or else from the guest by name); a
    /// seating rule left with one guest goes.
    public static var references: [RecordReference<Guest>] {
        [.giftsFromGuest, .removedFromList(\SeatingRule.guestIDs, deletingHoldersBelow: 2)]
    }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "guests", member: "guests") }
}

extension BudgetCategory: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<BudgetCategory>> { \.categories }
    public static var listResource: CacheResource { .budgetCategories }
    public static var figures: Set<CacheResource> { [.budgetSummary, .categoryMetrics] }
    /// A category still used by expenses (or a share of one) is kept; vendors, tasks and child
    /// categories are unlinked. Scenarios keep their line, which making them live creates anew.
    public static var references: [RecordReference<BudgetCategory>] {
        [.refusing(\Expense.categoryID), .refusing(\Expense.allocatedCategoryIDs), .unlinked(\Vendor.budgetCategoryID), .unlinked(\WeddingTask.budgetCategoryID),
         .unlinked(\BudgetCategory.parentID)]
    }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "budget", member: "categories") }
}

extension Expense: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<Expense>> { \.expenses }
    public static var listResource: CacheResource { .expenses }
    public static var figures: Set<CacheResource> { [.budgetSummary, .categoryMetrics, .vendorPaymentTotals] }
    public static var references: [RecordReference<Expense>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "budget", member: "expenses") }
}

extension Vendor: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<Vendor>> { \.vendors }
    public static var listResource: CacheResource { .vendors }
    /// Booked vendors' quotes count in the budget's committed figure.
    public static var figures: Set<CacheResource> { [.vendorStats, .budgetSummary] }
    /// Expenses (whose payments are totalled per vendor) and tasks that name the vendor are unlinked.
    public static var references: [RecordReference<Vendor>] {
        [.unlinked(\Expense.vendorID, feeding: [.vendorPaymentTotals, .budgetSummary]), .unlinked(\WeddingTask.vendorID),
         .unlinked(\RunSheetItem.vendorID)]
    }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "vendors", member: "vendors") }
}

extension WeddingTask: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<WeddingTask>> { \.tasks }
    public static var listResource: CacheResource { .tasks }
    public static var figures: Set<CacheResource> { [.taskStats] }
    public static var references: [RecordReference<WeddingTask>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "tasks", member: "tasks") }
}

extension Milestone: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<Milestone>> { \.milestones }
    public static var listResource: CacheResource { .milestones }
    public static var figures: Set<CacheResource> { [] }
    public static var references: [RecordReference<Milestone>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "timeline", member: "milestones") }
}

extension RunSheetItem: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<RunSheetItem>> { \.runSheet }
    public static var listResource: CacheResource { .runSheet }
    public static var figures: Set<CacheResource> { [] }
    public static var references: [RecordReference<RunSheetItem>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "timeline", member: "runSheet") }
}

extension Gift: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<Gift>> { \.gifts }
    public static var listResource: CacheResource { .gifts }
    /// Money gifts may count as income in the budget summary.
    public static var figures: Set<CacheResource> { [.budgetSummary] }
    public static var references: [RecordReference<Gift>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "gifts", member: "gifts") }
}

extension MoneyOwed: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<MoneyOwed>> { \.moneyOwed }
    public static var listResource: CacheResource { .moneyOwed }
    /// Contributions may count as income in the budget summary.
    public static var figures: Set<CacheResource> { [.budgetSummary] }
    public static var references: [RecordReference<MoneyOwed>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "gifts", member: "moneyOwed") }
}

extension BudgetScenario: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<BudgetScenario>> { \.scenarios }
    public static var listResource: CacheResource { .budgetScenarios }
    public static var figures: Set<CacheResource> { [] }
    public static var references: [RecordReference<BudgetScenario>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "scenarios", member: "scenarios") }
}

extension SeatingTable: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<SeatingTable>> { \.seatingTables }
    public static var listResource: CacheResource { .seatingTables }
    public static var figures: Set<CacheResource> { [.seatingChart] }
    /// Guests keep their table number: without the table they sit at a number with no name or capacity.
    public static var references: [RecordReference<SeatingTable>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "seating", member: "tables") }
}

extension SeatingRule: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<SeatingRule>> { \.seatingRules }
    public static var listResource: CacheResource { .seatingRules }
    public static var figures: Set<CacheResource> { [.seatingChart] }
    public static var references: [RecordReference<SeatingRule>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "seating", member: "rules") }
}

extension Note: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<Note>> { \.notes }
    public static var listResource: CacheResource { .notes }
    public static var figures: Set<CacheResource> { [] }
    public static var references: [RecordReference<Note>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "notes", member: "notes") }
}

extension Document: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<Document>> { \.documents }
    public static var listResource: CacheResource { .documents }
    public static var figures: Set<CacheResource> { [] }
    public static var references: [RecordReference<Document>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "documents", member: "documents") }
}

extension Invitation: TableRecord {
    public static var collection: WritableKeyPath<WeddingDataset, RecordTable<Invitation>> { \.invitations }
    public static var listResource: CacheResource { .invitations }
    public static var figures: Set<CacheResource> { [] }
    public static var references: [RecordReference<Invitation>] { [] }
    public static var snapshotPlacement: SnapshotPlacement { SnapshotPlacement(file: "invitations", member: "invitations") }
}
