import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// A wedding of Ana and Ben in US dollars with the default meal options.
func testWedding(currency: Currency = .usd) -> Wedding {
    Wedding(name: "Ana & Ben", partner1Name: "Ana Lopez", partner2Name: "Ben Okafor", currency: currency)
}

/// The UTF-8 bytes of `text`.
func bytes(_ text: String) -> Data { Data(text.utf8) }

/// The error a planning call throws; records an issue if it returns a plan instead.
func importError<T>(_ plan: () throws(CSVImportError) -> T) -> CSVImportError? {
    do {
        _ = try plan()
        Issue.record("the import was accepted")
        return nil
    } catch {
        return error
    }
}

/// Each problem as `file:line: column "X": message`.
func messages(_ error: CSVImportError?) -> [String] {
    error?.problems.map { $0.description(fileName: error!.fileName) } ?? []
}

/// Applies a plan to a dataset the way the repositories do (one validated transaction); throws
/// if the domain would reject any record.
func apply<R: TableRecord>(_ plan: CSVImportPlan<R>, to dataset: inout WeddingDataset) throws {
    _ = try dataset.transaction { transaction in
        for category in plan.newCategories { try transaction.insert(category) }
        for record in plan.batch.inserts { try transaction.insert(record) }
        for record in plan.batch.updates { try transaction.update(record) }
    }
}

/// `record` without its bookkeeping (id, times, version), to compare content only.
func content<R: Record>(_ record: R, id: WritableKeyPath<R, UUID>) -> R {
    var copy = record
    copy[keyPath: id] = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    copy.createdAt = Timestamp(millisecondsSince1970: 0)
    copy.updatedAt = copy.createdAt
    copy.version = 0
    return copy
}
