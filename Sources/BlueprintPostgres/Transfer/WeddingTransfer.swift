import BlueprintDomain
import BlueprintStorage

/// A wedding could not be moved between a data directory and a database because the other
/// side already has it (the same wedding id). Nothing was written.
public enum WeddingTransferError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `blueprint wedding push`: the database has the wedding already.
    case alreadyInDatabase(name: String, database: String)
    /// `blueprint wedding pull`: the data directory has the wedding already.
    case alreadyInDataDirectory(name: String, root: String)

    public var description: String {
        switch self {
        case let .alreadyInDatabase(name, database):
            return "the \(database) already has the wedding '\(name)'; nothing was pushed"
        case let .alreadyInDataDirectory(name, root):
            return "the data directory \(root) already has the wedding '\(name)'; nothing was pulled"
        }
    }
}

extension PostgresWeddingHost {
    /// `blueprint wedding push`: copies `wedding` of the data directory `store` into the
    /// database whole (see `push(_:operation:)`); the data directory keeps its wedding.
    /// Returns the wedding's settings as pushed.
    public func push(_ wedding: WeddingID, from store: FileStore) async throws -> Wedding {
        let dataset = try await store.read(wedding) { $0 }
        do {
            try await push(dataset, operation: "pushed from \(store.root)")
        } catch RepositoryError.conflict(.wedding, id: wedding.rawValue, expected: 0, actual: _) {
            throw WeddingTransferError.alreadyInDatabase(name: dataset.wedding.name, database: url.description)
        }
        return dataset.wedding
    }

    /// `blueprint wedding pull`: makes a wedding of the data directory `store` from the
    /// database's `wedding`, every record verbatim (see `FileStore.createWedding(copying:)`);
    /// the database keeps its wedding. Returns the wedding's settings as pulled.
    public func pull(_ wedding: WeddingID, into store: FileStore) async throws -> Wedding {
        let dataset = try await read(wedding) { $0 }
        do {
            return try await store.createWedding(copying: dataset)
        } catch RepositoryError.conflict(.wedding, id: wedding.rawValue, expected: 0, actual: _) {
            throw WeddingTransferError.alreadyInDataDirectory(name: dataset.wedding.name, root: store.root)
        }
    }
}
