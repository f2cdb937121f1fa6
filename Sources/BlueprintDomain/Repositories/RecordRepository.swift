import Foundation

/// Create, read, update, delete and import of one kind of record in the weddings of a data
/// directory: what every record kind's repository offers, written once for all kinds
/// (`FileRecordRepository`) from the kind's declaration (`TableRecord`).
public protocol RecordRepository<Stored>: Sendable {
    associatedtype Stored: TableRecord
    /// Every record of the kind in `wedding`, in the order they were added: the table held, which
    /// a copy shares (see `RecordTable`).
    func fetchAll(in wedding: WeddingID) async throws -> RecordTable<Stored>
    func fetch(id: UUID, in wedding: WeddingID) async throws -> Stored
    /// Adds a new record; the stored copy is at version 1.
    func create(_ record: Stored, in wedding: WeddingID) async throws -> Stored
    /// Saves a record that must still be at `record.version`; a stale one is a conflict.
    func update(_ record: Stored, in wedding: WeddingID) async throws -> Stored
    /// Deletes the record, refusing or unlinking what points at it as its declaration says.
    func delete(id: UUID, in wedding: WeddingID) async throws
    /// Inserts and updates in one all-or-nothing write; returns what was stored.
    func importBatch(_ batch: ImportBatch<Stored>, in wedding: WeddingID) async throws -> ImportOutcome<Stored>
}

/// Hands out the repository of any kind of record: how stores reach the kinds that have no
/// queries of their own (milestones, the run sheet, gifts, scenarios, seating).
public protocol RecordRepositories: Sendable {
    /// Who this process writes as (the configuration's `name`, else the login name): the author
    /// of the notes and documents it adds.
    var author: String { get }
    func records<R: TableRecord>(_ type: R.Type) -> any RecordRepository<R>
    /// Writes `changes` to `wedding` as one transaction, named `operation` ("move household");
    /// returns what it stored and deleted, and the change set that takes it back.
    func commit(_ changes: RecordChangeSet, operation: String, in wedding: WeddingID) async throws -> CommittedChanges
    /// Every commit to `wedding` still held, oldest first, for the activity feed (never cached).
    func activity(in wedding: WeddingID) async throws -> ActivityLog
}
