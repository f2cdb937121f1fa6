import Foundation

/// One resolved change to a wedding's data: a whole record to store, or an id to remove.
///
/// Mutations are what the file store journals and replays (it alone knows how a journal line
/// spells one). Applying one is idempotent, so replaying a journal over a snapshot that already
/// contains some of it is harmless.
public indirect enum Mutation: Sendable, Equatable {
    case saveWedding(Wedding)
    case saveGuest(Guest), deleteGuest(UUID)
    case saveCategory(BudgetCategory), deleteCategory(UUID)
    case saveExpense(Expense), deleteExpense(UUID)
    case saveVendor(Vendor), deleteVendor(UUID)
    case saveTask(WeddingTask), deleteTask(UUID)
    case saveMilestone(Milestone), deleteMilestone(UUID)
    case saveRunSheetItem(RunSheetItem), deleteRunSheetItem(UUID)
    case saveGift(Gift), deleteGift(UUID)
    case saveMoneyOwed(MoneyOwed), deleteMoneyOwed(UUID)
    case saveScenario(BudgetScenario), deleteScenario(UUID)
    case saveSeatingTable(SeatingTable), deleteSeatingTable(UUID)
    case saveSeatingRule(SeatingRule), deleteSeatingRule(UUID)
    case saveNote(Note), deleteNote(UUID)
    case saveDocument(Document), deleteDocument(UUID)

    public var kind: RecordKind {
        switch self {
        case .saveWedding: return .wedding
        case .saveGuest, .deleteGuest: return .guest
        case .saveCategory, .deleteCategory: return .category
        case .saveExpense, .deleteExpense: return .expense
        case .saveVendor, .deleteVendor: return .vendor
        case .saveTask, .deleteTask: return .task
        case .saveMilestone, .deleteMilestone: return .milestone
        case .saveRunSheetItem, .deleteRunSheetItem: return .runSheetItem
        case .saveGift, .deleteGift: return .gift
        case .saveMoneyOwed, .deleteMoneyOwed: return .moneyOwed
        case .saveScenario, .deleteScenario: return .scenario
        case .saveSeatingTable, .deleteSeatingTable: return .seatingTable
        case .saveSeatingRule, .deleteSeatingRule: return .seatingRule
        case .saveNote, .deleteNote: return .note
        case .saveDocument, .deleteDocument: return .document
        }
    }

    /// The id of the record stored or deleted.
    public var recordID: UUID {
        switch self {
        case .saveWedding(let record): return record.id
        case .saveGuest(let record): return record.id
        case .saveCategory(let record): return record.id
        case .saveExpense(let record): return record.id
        case .saveVendor(let record): return record.id
        case .saveTask(let record): return record.id
        case .saveMilestone(let record): return record.id
        case .saveRunSheetItem(let record): return record.id
        case .saveGift(let record): return record.id
        case .saveMoneyOwed(let record): return record.id
        case .saveScenario(let record): return record.id
        case .saveSeatingTable(let record): return record.id
        case .saveSeatingRule(let record): return record.id
        case .saveNote(let record): return record.id
        case .saveDocument(let record): return record.id
        case .deleteGuest(let id), .deleteCategory(let id), .deleteExpense(let id), .deleteVendor(let id), .deleteTask(let id),
             .deleteMilestone(let id), .deleteRunSheetItem(let id), .deleteGift(let id), .deleteMoneyOwed(let id),
             .deleteScenario(let id), .deleteSeatingTable(let id), .deleteSeatingRule(let id), .deleteNote(let id),
             .deleteDocument(let id):
            return id
        }
    }

    /// The record stored, if it is an `R`; `nil` for a deletion or another kind of record.
    public func savedRecord<R: Record>(as type: R.Type) -> R? {
        switch self {
        case .saveWedding(let record): return record as? R
        case .saveGuest(let record): return record as? R
        case .saveCategory(let record): return record as? R
        case .saveExpense(let record): return record as? R
        case .saveVendor(let record): return record as? R
        case .saveTask(let record): return record as? R
        case .saveMilestone(let record): return record as? R
        case .saveRunSheetItem(let record): return record as? R
        case .saveGift(let record): return record as? R
        case .saveMoneyOwed(let record): return record as? R
        case .saveScenario(let record): return record as? R
        case .saveSeatingTable(let record): return record as? R
        case .saveSeatingRule(let record): return record as? R
        case .saveNote(let record): return record as? R
        case .saveDocument(let record): return record as? R
        case .deleteGuest, .deleteCategory, .deleteExpense, .deleteVendor, .deleteTask, .deleteMilestone, .deleteRunSheetItem,
             .deleteGift, .deleteMoneyOwed, .deleteScenario, .deleteSeatingTable, .deleteSeatingRule, .deleteNote, .deleteDocument:
            return nil
        }
    }

    /// The version stored; `nil` for a deletion.
    public var storedVersion: Int? {
        switch self {
        case .saveWedding(let record): return record.version
        case .saveGuest(let record): return record.version
        case .saveCategory(let record): return record.version
        case .saveExpense(let record): return record.version
        case .saveVendor(let record): return record.version
        case .saveTask(let record): return record.version
        case .saveMilestone(let record): return record.version
        case .saveRunSheetItem(let record): return record.version
        case .saveGift(let record): return record.version
        case .saveMoneyOwed(let record): return record.version
        case .saveScenario(let record): return record.version
        case .saveSeatingTable(let record): return record.version
        case .saveSeatingRule(let record): return record.version
        case .saveNote(let record): return record.version
        case .saveDocument(let record): return record.version
        case .deleteGuest, .deleteCategory, .deleteExpense, .deleteVendor, .deleteTask, .deleteMilestone, .deleteRunSheetItem,
             .deleteGift, .deleteMoneyOwed, .deleteScenario, .deleteSeatingTable, .deleteSeatingRule, .deleteNote, .deleteDocument:
            return nil
        }
    }
}
