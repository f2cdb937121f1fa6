import Foundation

/// One resolved change to a wedding's data: a whole record to store, or an id to remove.
///
/// Mutations are what the file store journals and replays. Applying one is idempotent, so
/// replaying a journal over a snapshot that already contains some of it is harmless.
public enum Mutation: Sendable, Equatable, Codable {
    case saveWedding(Wedding)
    case saveGuest(Guest), deleteGuest(UUID)
    case saveCategory(BudgetCategory), deleteCategory(UUID)
    case saveExpense(Expense), deleteExpense(UUID)
    case saveVendor(Vendor), deleteVendor(UUID)
    case saveTask(WeddingTask), deleteTask(UUID)

    public var kind: RecordKind {
        switch self {
        case .saveWedding: return .wedding
        case .saveGuest, .deleteGuest: return .guest
        case .saveCategory, .deleteCategory: return .category
        case .saveExpense, .deleteExpense: return .expense
        case .saveVendor, .deleteVendor: return .vendor
        case .saveTask, .deleteTask: return .task
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
        case .deleteGuest(let id), .deleteCategory(let id), .deleteExpense(let id), .deleteVendor(let id), .deleteTask(let id):
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
        case .deleteGuest, .deleteCategory, .deleteExpense, .deleteVendor, .deleteTask: return nil
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
        case .deleteGuest, .deleteCategory, .deleteExpense, .deleteVendor, .deleteTask: return nil
        }
    }

    private enum CodingKeys: String, CodingKey { case op, kind, record, id }
    private enum Operation: String, Codable { case save, delete }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(RecordKind.self, forKey: .kind)
        switch try container.decode(Operation.self, forKey: .op) {
        case .save:
            switch kind {
            case .wedding: self = .saveWedding(try container.decode(Wedding.self, forKey: .record))
            case .guest: self = .saveGuest(try container.decode(Guest.self, forKey: .record))
            case .category: self = .saveCategory(try container.decode(BudgetCategory.self, forKey: .record))
            case .expense: self = .saveExpense(try container.decode(Expense.self, forKey: .record))
            case .vendor: self = .saveVendor(try container.decode(Vendor.self, forKey: .record))
            case .task: self = .saveTask(try container.decode(WeddingTask.self, forKey: .record))
            }
        case .delete:
            let id = try container.decode(UUID.self, forKey: .id)
            switch kind {
            case .wedding:
                throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                       debugDescription: "a wedding is not deleted through its journal")
            case .guest: self = .deleteGuest(id)
            case .category: self = .deleteCategory(id)
            case .expense: self = .deleteExpense(id)
            case .vendor: self = .deleteVendor(id)
            case .task: self = .deleteTask(id)
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .saveWedding(let record): try container.encode(Operation.save, forKey: .op); try container.encode(record, forKey: .record)
        case .saveGuest(let record): try container.encode(Operation.save, forKey: .op); try container.encode(record, forKey: .record)
        case .saveCategory(let record): try container.encode(Operation.save, forKey: .op); try container.encode(record, forKey: .record)
        case .saveExpense(let record): try container.encode(Operation.save, forKey: .op); try container.encode(record, forKey: .record)
        case .saveVendor(let record): try container.encode(Operation.save, forKey: .op); try container.encode(record, forKey: .record)
        case .saveTask(let record): try container.encode(Operation.save, forKey: .op); try container.encode(record, forKey: .record)
        case .deleteGuest(let id), .deleteCategory(let id), .deleteExpense(let id), .deleteVendor(let id), .deleteTask(let id):
            try container.encode(Operation.delete, forKey: .op)
            try container.encode(id, forKey: .id)
        }
    }
}
