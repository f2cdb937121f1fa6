import Foundation

/// A kind of record kept in one of the dataset's tables, declared once: where it lives, what it
/// feeds, how it is checked and what deleting one does to the records that point at it.
///
/// The generic record path follows from this declaration: the transaction's insert, update and
/// delete (with its unlinking), the repository (`FileRecordRepository`) with its cached list and
/// its invalidation, the stores' gateway, and the cache operations of its writes.
///
/// Adding a record kind (timeline items, documents, notes):
/// 1. the model, conforming to `Record` with a new `RecordKind` case;
/// 2. its table in `WeddingDataset`, its pair of `Mutation` cases (the journal's spelling), and
///    its `CacheResource` cases (its list, and any figure computed from it);
/// 3. this conformance (see `RecordDeclarations.swift`), listed in `WeddingDataset.tableRecordTypes`;
/// 4. its domain rules: `validationIssues(in:)`, figures, and store intents for anything a pane
///    would otherwise decide.
/// A repository protocol for its own queries is optional: its CRUD is `FileRecordRepository<Self>`.
public protocol TableRecord: Record {
    /// The dataset's table of these records.
    static var collection: WritableKeyPath<WeddingDataset, RecordTable<Self>> { get }
    /// The cached list of all these records of a wedding.
    static var listResource: CacheResource { get }
    /// The cached figures computed from these records: stale after any write of one.
    static var figures: Set<CacheResource> { get }
    /// The links from other records to one of these: what deleting it refuses or unlinks, in order.
    static var references: [RecordReference<Self>] { get }
    /// The mutation that stores this record.
    var saveMutation: Mutation { get }
    /// The mutation that removes the record with `id`.
    static func deleteMutation(_ id: UUID) -> Mutation
    /// What is wrong with this record in the context of `dataset` (empty when it is valid).
    func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue]
}

extension TableRecord {
    /// The cached resources that `write` of these records makes stale: the list and the figures,
    /// and for a deletion also what unlinking the records that pointed at it changes.
    public static func resourcesMadeStale(by write: RecordWrite) -> Set<CacheResource> {
        var stale = figures.union([listResource])
        if write == .deleted {
            for reference in references { stale.formUnion(reference.resourcesMadeStale) }
        }
        return stale
    }
}
