/// Where weddings' datasets live: the file store on disk, or memory for tests.
///
/// The repositories are written once against this protocol, so the file-backed and the
/// in-memory implementations validate, version-check and report changes identically.
public protocol WeddingDataHost: ChangeFeed, WeddingAccessSource {
    /// Who this process writes as: the name its changes, notes and documents carry.
    var author: String { get }
    /// Every wedding in the data directory, by name (cheap: does not load guest lists).
    func listWeddings() async throws -> [Wedding]
    /// Every wedding, as the host's authority holds them: `listWeddings()` may answer from a
    /// local copy while the authority is first being reached (a database opened from its copy);
    /// this waits for it.
    func listAllWeddings() async throws -> [Wedding]
    /// Stores a new wedding with an empty dataset.
    func createWedding(_ wedding: Wedding) async throws -> Wedding
    /// Removes a wedding and all its data.
    func deleteWedding(_ id: WeddingID) async throws
    /// Runs `body` on the wedding's current data (including other processes' acknowledged writes).
    func read<T: Sendable>(_ wedding: WeddingID, _ body: @Sendable (WeddingDataset) throws -> T) async throws -> T
    /// Runs `body` as one transaction on the wedding's data and makes its mutations durable
    /// before returning. `operation` names the change in the journal and in logs. If `body`
    /// throws, nothing is written and the error is rethrown.
    func write<T: Sendable>(_ wedding: WeddingID, operation: String,
                            _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T
    /// The folder the wedding's document files are stored in (`DocumentFiles`), created when the
    /// first is stored.
    func documentsFolder(of wedding: WeddingID) -> String
    /// What the wedding's first frame shows, if the host keeps it and it is current (it is
    /// read without loading the wedding); `nil` otherwise.
    func preview(of wedding: WeddingID) async -> WeddingPreview?
    /// Every commit to the wedding the host still holds, oldest first, as the activity feed lists
    /// them. Never cached: it is read when asked for, and followed through the change feed.
    func activity(in wedding: WeddingID) async throws -> ActivityLog
}

extension WeddingDataHost {
    /// A host that keeps no collaborators (files, memory) answers `.owner`: whoever can open the
    /// wedding owns it (a data directory's files are the account's).
    public func accessRights(to wedding: WeddingID) async throws -> WeddingAccess { .owner }
}
