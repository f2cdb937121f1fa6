import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import BlueprintTestDoubles
import Foundation

/// An in-memory host that keeps documents' bytes elsewhere too, as a database's host does:
/// `fetch` answers for a content its documents folder lacks (brings it, or throws why not).
final class ContentServingHost: WeddingDataHost, DocumentContentSource {
    typealias Fetch = @Sendable (_ sha256: String, _ title: String, _ files: DocumentFiles) throws -> Void

    let host: InMemoryWeddingHost
    private let fetch: Fetch

    init(_ host: InMemoryWeddingHost, fetch: @escaping Fetch) {
        self.host = host
        self.fetch = fetch
    }

    func keepContent(_ sha256: String, from files: DocumentFiles, in wedding: WeddingID) async throws {}

    func fetchContent(_ sha256: String, title: String, into files: DocumentFiles, in wedding: WeddingID) async throws {
        try fetch(sha256, title, files)
    }

    var author: String { host.author }
    func accessRights(to wedding: WeddingID) async throws -> WeddingAccess { try await host.accessRights(to: wedding) }
    func listWeddings() async throws -> [Wedding] { try await host.listWeddings() }
    func listAllWeddings() async throws -> [Wedding] { try await host.listAllWeddings() }
    func createWedding(_ wedding: Wedding) async throws -> Wedding { try await host.createWedding(wedding) }
    func deleteWedding(_ id: WeddingID) async throws { try await host.deleteWedding(id) }
    func read<T: Sendable>(_ wedding: WeddingID, _ body: @Sendable (WeddingDataset) throws -> T) async throws -> T {
        try await host.read(wedding, body)
    }
    func write<T: Sendable>(_ wedding: WeddingID, operation: String,
                            _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        try await host.write(wedding, operation: operation, body)
    }
    func documentsFolder(of wedding: WeddingID) -> String { host.documentsFolder(of: wedding) }
    func preview(of wedding: WeddingID) async -> WeddingPreview? { await host.preview(of: wedding) }
    func activity(in wedding: WeddingID) async throws -> ActivityLog { try await host.activity(in: wedding) }
    func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> { host.changes(in: wedding) }
    func connection(_ wedding: WeddingID) -> FeedConnection { host.connection(wedding) }
    func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> { host.connectionChanges(in: wedding) }
    func catchUp(on wedding: WeddingID) async throws { try await host.catchUp(on: wedding) }
}
