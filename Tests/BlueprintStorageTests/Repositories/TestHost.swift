import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintTestSupport

/// The hosts the repository contract tests run on: every repository behaves the same on each.
enum TestHost: String, CaseIterable, Sendable {
    case memory, files, postgres

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
        }
    }
}

/// A host opened for a test, with the temporary directory it lives in (kept as long as it is).
struct OpenTestHost: Sendable {
    let host: any WeddingDataHost
    let directory: TemporaryDataDirectory?
}
