import BlueprintCache
import BlueprintDomain
import Foundation

/// The repositories of one data directory, sharing one host and one cache. Kinds with no
/// queries of their own (milestones, the run sheet, gifts, scenarios, seating) are plain record
/// repositories, handed out by `records(_:)`.
public struct Repositories: ChangeFeed, RecordRepositories, WeddingAccessSource {
    public let weddings: any WeddingRepository
    public let guests: any GuestRepository
    public let budget: any BudgetRepository
    public let vendors: any VendorRepository
    public let tasks: any TaskRepository
    /// The attached documents and their stored files.
    public let documents: any DocumentRepository
    public let host: any WeddingDataHost
    /// The wedding's invitation secrets, refused to a viewer (see `InvitationSecrets`).
    public let invitationSecrets: any InvitationSecrets
    public var author: String { host.author }

    public func activity(in wedding: WeddingID) async throws -> ActivityLog { try await host.activity(in: wedding) }

    public func accessRights(to wedding: WeddingID) async throws -> WeddingAccess { try await host.accessRights(to: wedding) }
    public let cache: RepositoryCache

    /// Repositories on `host`, through an `AccessCheckedHost`: once `accessRights(to:)` says a
    /// wedding is a viewer's, its writes are refused before they reach `host`. A host that also
    /// keeps documents' bytes elsewhere (`DocumentContentSource`) is handed to the documents.
    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        let contents = ((host as? AccessCheckedHost)?.host ?? host) as? any DocumentContentSource
        let checked = host as? AccessCheckedHost ?? AccessCheckedHost(host)
        let host: any WeddingDataHost = checked
        self.host = host
        invitationSecrets = checked
        self.cache = cache
        weddings = FileWeddingRepository(host: host, cache: cache)
        guests = FileGuestRepository(host: host, cache: cache)
        budget = FileBudgetRepository(host: host, cache: cache)
        vendors = FileVendorRepository(host: host, cache: cache)
        tasks = FileTaskRepository(host: host, cache: cache)
        documents = FileDocumentRepository(host: host, cache: cache, contents: contents)
    }

    public func records<R: TableRecord>(_ type: R.Type) -> any RecordRepository<R> {
        FileRecordRepository<R>(host: host, cache: cache)
    }

    public func commit(_ changes: RecordChangeSet, operation: String, in wedding: WeddingID) async throws -> CommittedChanges {
        var actions: [CacheOperation.Action] = []
        for step in changes.steps {
            let action: CacheOperation.Action = switch step {
            case .create(let record), .recreate(let record): .record(.created, type(of: record).kind)
            case .update(let record): .record(.updated, type(of: record).kind)
            case .delete(let type, _): .record(.deleted, type.kind)
            case .updateWedding: .weddingSettingsUpdated
            }
            if !actions.contains(action) { actions.append(action) }
        }
        guard let first = actions.first else { return CommittedChanges(changes: [], inverse: RecordChangeSet()) }
        return try await DataAccess(host: host, cache: cache).write(CacheOperation(first, also: Array(actions.dropFirst()), in: wedding),
                                                                    named: operation) { try $0.apply(changes) }
    }

    /// Changes to `wedding` from this process and others. The cache has already dropped what
    /// each change made stale by the time the change is delivered, so a reload that follows
    /// it reads fresh data.
    public func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> {
        let upstream = host.changes(in: wedding)
        let cache = self.cache
        let (stream, continuation) = AsyncStream.makeStream(of: RepositoryChange.self, bufferingPolicy: .bufferingNewest(256))
        let forwarding = Task {
            for await change in upstream {
                await CacheInvalidator(cache: cache).invalidate(.external(change.kinds, in: wedding))
                continuation.yield(change)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        return stream
    }

    public func connection(_ wedding: WeddingID) -> FeedConnection { host.connection(wedding) }

    public func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> { host.connectionChanges(in: wedding) }

    public func catchUp(on wedding: WeddingID) async throws { try await host.catchUp(on: wedding) }
}
