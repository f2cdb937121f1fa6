// Test support for BlueprintStorageTests: another process that writes to a wedding, so the
// tests can kill it mid-write, race two of them, and watch its changes arrive.
//
//   blueprint-storage-writer append <data-dir> <wedding-id> <count> [compact]
//       Adds <count> guests, one transaction each, and prints "ack <guest-id>" after each write
//       has returned (so the write is durable). With "compact", closes the store after each
//       acknowledgement, which folds the journal into the snapshot files.
//   blueprint-storage-writer increment <data-dir> <wedding-id> <category-id> <count>
//       <count> times: reads the category, then saves it with 1 more minor unit allocated at the
//       version read, retrying on a version conflict. Prints "done <conflicts>".
import BlueprintDomain
import BlueprintStorage
import Foundation

/// Writes a line to stdout at once (no buffering: the test reads it while this process runs).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("blueprint-storage-writer: \(message)\n".utf8))
    exit(status)
}

func appendGuests(_ store: FileStore, _ wedding: WeddingID, count: Int, compacting: Bool) async throws {
    for number in 0..<count {
        let guest = Guest(firstName: "Writer", lastName: "\(ProcessInfo.processInfo.processIdentifier)-\(number)")
        try await store.write(wedding, operation: "add guest") { _ = try $0.insert(guest) }
        say("ack \(guest.id.uuidString.lowercased())")
        if compacting { await store.close() }
    }
}

func increment(_ store: FileStore, _ wedding: WeddingID, category id: UUID, count: Int) async throws {
    var conflicts = 0
    for _ in 0..<count {
        while true {
            var category = try await store.read(wedding) { dataset in
                guard let category = dataset.categories[id] else { throw RepositoryError.notFound(.category, id: id) }
                return category
            }
            category.allocated = category.allocated + Money(minorUnits: 1)
            do {
                try await store.write(wedding, operation: "update category") { [category] in _ = try $0.update(category) }
                break
            } catch RepositoryError.conflict {
                conflicts += 1
            }
        }
    }
    say("done \(conflicts)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, let wedding = WeddingID(string: arguments[2]) else {
    fail("usage: append <data-dir> <wedding-id> <count> [compact] | "
         + "increment <data-dir> <wedding-id> <category-id> <count>", status: 2)
}
do {
    switch arguments[0] {
    case "append":
        guard let count = Int(arguments[3]) else { fail("count must be a number", status: 2) }
        let store = try FileStore(root: arguments[1])
        try await appendGuests(store, wedding, count: count, compacting: arguments.count > 4 && arguments[4] == "compact")
        await store.close()
    case "increment":
        guard arguments.count == 5, let category = UUID(uuidString: arguments[3]), let count = Int(arguments[4]) else {
            fail("increment needs a category id and a count", status: 2)
        }
        let store = try FileStore(root: arguments[1])
        try await increment(store, wedding, category: category, count: count)
        await store.close()
    default:
        fail("unknown command '\(arguments[0])'", status: 2)
    }
} catch {
    fail("\(error)", status: 1)
}
