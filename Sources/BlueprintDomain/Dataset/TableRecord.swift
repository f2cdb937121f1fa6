import Foundation

/// A kind of record kept in one of the dataset's tables, declared once: where it lives, what it
/// feeds, how it is checked and what deleting one does to the records that point at it.
///
/// What follows from the declaration, written once for every kind: the transaction's insert,
/// update and delete (refusing and unlinking as `references` says); the repository
/// (`FileRecordRepository<Self>`: the list cached under `listResource`, each write named
/// `CacheOperation(write, kind)` and invalidating `resourcesMadeStale(by:)`); the cache strategy
/// (`RecordCacheStrategy`); the stores' gateway (`RecordGateway(repository, in:)`); the changes a
/// reread wedding reports (`WeddingDataset.changes(since:)`); the journal's and the snapshot
/// files' spelling (`Mutation.save`/`.delete`, `snapshotPlacement`), in the file store and in
/// PostgreSQL alike.
///
/// Adding a record kind (timeline items, documents, notes):
/// 1. the model, conforming to `Record`, with a `RecordKind` case;
/// 2. its table in `WeddingDataset` (journalled as `Mutation.save` and `.delete`, tagged with its
///    `RecordKind`'s name, and kept in the snapshot file its `snapshotPlacement` names: a new file
///    or journal kind is a format change, so FORMAT.md, `WeddingSchema.currentVersion` and the reference
///    files in `StoreJSONEncoderTests` say it);
/// 3. its `CacheResource` cases (the list, and each figure computed from it) with their TTLs in
///    `TimeToLiveTable.defaults`;
/// 4. this conformance, beside the others in `RecordDeclarations.swift`, listed in
///    `WeddingDataset.tableRecordTypes`, with `validationIssues(in:)` in `RecordValidation.swift`
///    and its name and described fields for the activity feed in `ActivityDeclarations.swift`;
/// 5. its domain rules as store intents (not in panes); its store reaches it as
///    `any RecordRepository<Self>` (a `FileRecordRepository<Self>` in `Repositories`), and a
///    repository protocol of its own is needed only for its own queries (figures, searches).
public protocol TableRecord: ActivityDescribed {
    /// The dataset's table of these records.
    static var collection: WritableKeyPath<WeddingDataset, RecordTable<Self>> { get }
    /// The cached list of all these records of a wedding.
    static var listResource: CacheResource { get }
    /// The cached figures computed from these records: stale after any write of one.
    static var figures: Set<CacheResource> { get }
    /// The links from other records to one of these: what deleting it refuses or unlinks, in order.
    static var references: [RecordReference<Self>] { get }
    /// Where the file store keeps these records (on-disk format: never changes once released).
    static var snapshotPlacement: SnapshotPlacement { get }
    /// What is wrong with this record in the context of `dataset` (empty when it is valid).
    func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue]
}

extension TableRecord {
    /// The cached resources that `write` of these records makes stale: the list and the figures,
    /// and for a deletion also what unlinking the records that pointed at it changes, and the
    /// notes and documents about it (see `WeddingTransaction.delete`).
    public static func resourcesMadeStale(by write: RecordWrite) -> Set<CacheResource> {
        var stale = figures.union([listResource])
        if write == .deleted {
            for reference in references { stale.formUnion(reference.resourcesMadeStale) }
            stale.insert(Note.listResource)
            if Document.attachableKinds.contains(kind) { stale.insert(Document.listResource) }
        }
        return stale
    }
}
