import BlueprintDomain
import BlueprintStorage
import Foundation
import Synchronization

/// Weddings kept in memory: the host for tests of the layers above storage, and for previews.
///
/// Behaves like the file store (same transactions, validation, versions and change events),
/// minus durability. `failNextWrites` makes writes fail, for rollback tests.
public actor InMemoryWeddingHost: WeddingDataHost {
    private var datasets: [WeddingID: WeddingDataset] = [:]
    private let broadcaster = ChangeBroadcaster()
    private var failuresToInject = 0
    private var sequences: [WeddingID: UInt64] = [:]
    private var activity: [WeddingID: [ActivityEntry]] = [:]
    private var invitationSecrets: [WeddingID: InvitationSecret] = [:]
    /// Who this host's own writes are by.
    public static let author = "me@here"
    public nonisolated var author: String { Self.author }
    /// What `connection` says, and who hears of its changes.
    private nonisolated let link = Mutex<(connection: FeedConnection,
                                          subscribers: [UUID: AsyncStream<FeedConnection>.Continuation])>((.live, [:]))

    private let previewing: (any WeddingPreviewing)?
    /// A temporary folder for the document files (documents' bytes are files even here).
    private nonisolated let documentsRoot = NSTemporaryDirectory() + "blueprint-documents-" + UUID().uuidString.lowercased()

    /// The time stamped on records and on the activity.
    private let clock: any TimeSource

    /// A host of `datasets`; with `previewing`, `preview(of:)` answers with a preview of the
    /// data as it is, as the file store does for files just compacted. `clock` stamps records
    /// and the activity (the system's clock unless a test gives its own).
    public init(_ datasets: [WeddingDataset] = [], previewing: (any WeddingPreviewing)? = nil,
                clock: any TimeSource = SystemClock()) {
        self.previewing = previewing
        self.clock = clock
        for dataset in datasets { self.datasets[dataset.wedding.weddingID] = dataset }
    }

    /// Makes the next `count` writes throw `RepositoryError.storage` without changing anything.
    public func failNextWrites(_ count: Int = 1) { failuresToInject = count }

    private var grantedAccess = WeddingAccess.owner
    /// How many writes reached this host (refused or not): a write refused before it is sent
    /// never counts.
    public private(set) var writesReceived = 0

    /// Acts as a database would for a collaborator of `access`: `accessRights(to:)` answers it, and a
    /// viewer's writes are refused (`RepositoryError.notPermitted`) as the database refuses them.
    public func grant(_ access: WeddingAccess) { grantedAccess = access }

    public func accessRights(to wedding: WeddingID) async throws -> WeddingAccess {
        guard datasets[wedding] != nil else { throw RepositoryError.weddingNotFound(wedding.description) }
        return grantedAccess
    }

    /// Makes `connection` say `connection` for every wedding from now on (`.notWatched`: as the
    /// file store says when inotify cannot watch a wedding's folder; `.reconnecting`: as a
    /// database host whose link broke), and tells every `connectionChanges` stream.
    public nonisolated func simulateConnection(_ connection: FeedConnection) {
        link.withLock { link in
            guard link.connection != connection else { return }
            link.connection = connection
            for subscriber in link.subscribers.values { subscriber.yield(connection) }
        }
    }

    /// Applies mutations as if another process (of `author`) had written them, and publishes an
    /// external change.
    public func simulateExternalWrite(_ wedding: WeddingID, _ mutations: [Mutation], by author: String = "someone@elsewhere") {
        guard var dataset = datasets[wedding] else { return }
        let changes = mutations.map { dataset.apply($0) }
        datasets[wedding] = dataset
        publish(wedding, changes, .external, "external write", by: author,
                activity: ActivityEntry(at: clock.now(), author: author, operation: "external write",
                                        summary: ActivitySummary(counting: changes)))
    }

    /// Commits `body` as another process (of `author`) would: a version-checked transaction whose
    /// activity describes each record it changed, published as an external change.
    public func simulateExternalCommit(_ wedding: WeddingID, by author: String = "someone@elsewhere",
                                       operation: String = "external write",
                                       _ body: @Sendable (WeddingTransaction) throws -> Void) throws {
        guard var dataset = datasets[wedding] else { throw RepositoryError.weddingNotFound(wedding.description) }
        let now = clock.now()
        let (_, changes, summary) = try dataset.commit(now: now, body)
        datasets[wedding] = dataset
        publish(wedding, changes, .external, operation, by: author,
                activity: ActivityEntry(at: now, author: author, operation: operation, summary: summary))
    }

    deinit { try? FileManager.default.removeItem(atPath: documentsRoot) }

    public nonisolated func documentsFolder(of wedding: WeddingID) -> String {
        try? FileManager.default.createDirectory(atPath: documentsRoot, withIntermediateDirectories: true)
        return documentsRoot + "/" + wedding.description
    }

    public func listWeddings() async throws -> [Wedding] {
        datasets.values.map(\.wedding).sorted { ($0.name.lowercased(), $0.weddingID) < ($1.name.lowercased(), $1.weddingID) }
    }

    public func listAllWeddings() async throws -> [Wedding] { try await listWeddings() }

    public func createWedding(_ wedding: Wedding) async throws -> Wedding {
        guard datasets[wedding.weddingID] == nil else {
            throw RepositoryError.conflict(.wedding, id: wedding.id, expected: 0, actual: datasets[wedding.weddingID]!.wedding.version)
        }
        let issues = wedding.validationIssues(in: WeddingDataset(wedding: wedding))
        guard issues.isEmpty else { throw RepositoryError.invalid(.wedding, issues) }
        datasets[wedding.weddingID] = WeddingDataset(wedding: wedding)
        return wedding
    }

    public func deleteWedding(_ id: WeddingID) async throws {
        guard datasets.removeValue(forKey: id) != nil else { throw RepositoryError.weddingNotFound(id.description) }
        activity[id] = nil
        broadcaster.finish(id)
    }

    public func read<T: Sendable>(_ wedding: WeddingID, _ body: @Sendable (WeddingDataset) throws -> T) async throws -> T {
        guard let dataset = datasets[wedding] else { throw RepositoryError.weddingNotFound(wedding.description) }
        return try body(dataset)
    }

    public func write<T: Sendable>(_ wedding: WeddingID, operation: String,
                                   _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        guard datasets[wedding] != nil else { throw RepositoryError.weddingNotFound(wedding.description) }
        writesReceived += 1
        if let refusal = grantedAccess.refusal { throw RepositoryError.notPermitted(refusal) }
        if failuresToInject > 0 {
            failuresToInject -= 1
            throw RepositoryError.storage("injected write failure (\(operation))")
        }
        var dataset = datasets.removeValue(forKey: wedding)!
        defer { datasets[wedding] = dataset }
        let now = clock.now()
        let (result, changes, activity) = try dataset.commit(now: now, body)
        if !changes.isEmpty {
            publish(wedding, changes, .local, operation, by: Self.author,
                    activity: ActivityEntry(at: now, author: Self.author, operation: operation, summary: activity))
        }
        return result
    }

    /// Every change is published as it is made here, so there is never anything to catch up with.
    public func catchUp(on wedding: WeddingID) async throws {
        guard datasets[wedding] != nil else { throw RepositoryError.weddingNotFound(wedding.description) }
    }

    public func preview(of wedding: WeddingID) async -> WeddingPreview? {
        datasets[wedding].flatMap { previewing?.preview(of: $0) }
    }

    public nonisolated func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> {
        broadcaster.stream(for: wedding)
    }

    /// Live (every change, simulated external ones included, goes through this host) unless
    /// `simulateConnection(_:)` said otherwise.
    public nonisolated func connection(_ wedding: WeddingID) -> FeedConnection {
        link.withLock { $0.connection }
    }

    /// Each connection `simulateConnection(_:)` sets, from now on.
    public nonisolated func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedConnection.self)
        let token = UUID()
        link.withLock { $0.subscribers[token] = continuation }
        continuation.onTermination = { [weak self] _ in self?.link.withLock { _ = $0.subscribers.removeValue(forKey: token) } }
        return stream
    }

    public func activity(in wedding: WeddingID) async throws -> ActivityLog {
        guard datasets[wedding] != nil else { throw RepositoryError.weddingNotFound(wedding.description) }
        return ActivityLog(entries: activity[wedding, default: []], sequence: sequences[wedding, default: 0])
    }

    /// Keeps a commit in the wedding's activity and publishes it as the next change of the wedding's sequence.
    private func publish(_ wedding: WeddingID, _ changes: [RecordChange], _ origin: RepositoryChange.Origin, _ operation: String,
                         by author: String, activity entry: ActivityEntry) {
        let sequence = sequences[wedding, default: 0] + 1
        sequences[wedding] = sequence
        activity[wedding, default: []].append(entry)
        broadcaster.publish(RepositoryChange(wedding: wedding, sequence: sequence, records: changes, origin: origin,
                                             operation: operation, author: author, activity: entry))
    }
}

extension InMemoryWeddingHost: InvitationSecrets {
    /// A secret per wedding, made on first use; refused to a viewer, as the database refuses it.
    public func invitationSecret(of wedding: WeddingID) async throws -> InvitationSecret {
        if let refusal = try await accessRights(to: wedding).refusal { throw RepositoryError.notPermitted(refusal) }
        if let secret = invitationSecrets[wedding] { return secret }
        let secret = InvitationSecret.random()
        invitationSecrets[wedding] = secret
        return secret
    }
}
