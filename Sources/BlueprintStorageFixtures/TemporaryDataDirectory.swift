import BlueprintDomain
import BlueprintStorage
import Foundation

/// A fresh scratch folder under /tmp holding a data directory (`root`), removed when released.
public final class TemporaryDataDirectory: Sendable {
    /// The scratch folder; the data directory is inside it, so tests can see what lands beside it.
    public let scratch: String
    public let root: String

    public init() throws {
        var template = Array("/tmp/blueprint-store-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        scratch = String(cString: made)
        root = scratch + "/data"
    }

    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    /// A new store on this directory, as another process would open it (nothing shared in memory).
    public func openStore(schema: WeddingSchema = .current, compactionFloorBytes: Int = 1 << 20) throws -> FileStore {
        try FileStore(root: root, schema: schema, compactionFloorBytes: compactionFloorBytes, clock: { Fixtures.now })
    }

    public func folder(_ wedding: WeddingID) -> String { root + "/weddings/" + wedding.description }

    public func file(_ name: String, of wedding: WeddingID) -> String { folder(wedding) + "/" + name }

    /// Every path below `path`, depth first.
    public func allPaths(below path: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().flatMap { name -> [String] in
            let child = path + "/" + name
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory)
            return [child] + (isDirectory.boolValue ? allPaths(below: child) : [])
        }
    }
}

public enum Fixtures {
    /// The time every test store stamps.
    public static let now = Timestamp(millisecondsSince1970: 1_790_000_000_000)

    public static func uuid(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }

    public static func wedding(_ name: String = "Ana & Ben", id: WeddingID = WeddingID()) -> Wedding {
        Wedding(id: id, name: name, partner1Name: "Ana", partner2Name: "Ben", createdAt: now)
    }

    public static func guest(_ number: Int, lastName: String? = nil) -> Guest {
        Guest(id: uuid(number), firstName: "Guest", lastName: lastName ?? "Number \(number)", createdAt: now)
    }

    /// A store with one new wedding in it.
    public static func storeWithWedding(in directory: TemporaryDataDirectory,
                                        compactionFloorBytes: Int = 1 << 20) async throws -> (FileStore, WeddingID) {
        let store = try directory.openStore(compactionFloorBytes: compactionFloorBytes)
        let wedding = try await store.createWedding(wedding())
        return (store, wedding.weddingID)
    }

    public static func addGuests(_ numbers: some Sequence<Int>, to wedding: WeddingID, in store: FileStore) async throws {
        for number in numbers {
            _ = try await store.write(wedding, operation: "add guest") { try $0.insert(guest(number)) }
        }
    }

    public static func guestIDs(_ wedding: WeddingID, in store: FileStore) async throws -> [UUID] {
        try await store.read(wedding) { $0.guests.records.map(\.id) }
    }
}
