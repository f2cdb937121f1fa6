import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestDoubles

/// The hosts the repository contract tests run on: every repository behaves the same on each
/// (`tiered`: a database's weddings through their local copy, as the app opens them).
enum TestHost: String, CaseIterable, Sendable {
    case memory, files, postgres, tiered

    /// A fresh, empty host of this kind.
    func open() async throws -> OpenTestHost {
        switch self {
        case .memory:
            return OpenTestHost(host: InMemoryWeddingHost(), directory: nil)
        case .files:
            let directory = try TemporaryDataDirectory()
            return OpenTestHost(host: try directory.openStore(), directory: directory)
        case .postgres:
            return OpenTestHost(host: try await TestDatabase.make().openHost(), directory: nil)
        case .tiered:
            let directory = try TemporaryDataDirectory()
            let host = try await TieredWeddingHost.open(try await TestDatabase.make().url, author: "me@here",
                                                        localRoot: directory.root, clock: { Fixtures.now })
            return OpenTestHost(host: host, directory: directory)
        }
    }
}

/// A host opened for a test, with the temporary directory it lives in (kept as long as it is).
struct OpenTestHost: Sendable {
    let host: any WeddingDataHost
    let directory: TemporaryDataDirectory?
}
