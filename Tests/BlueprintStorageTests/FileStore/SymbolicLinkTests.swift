import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Glibc
import Testing

/// A link inside the data directory is never followed: nothing is read or written through it,
/// and the message names the link instead of quoting whatever it points to.
@Suite("Symbolic links in the data directory")
struct SymbolicLinkTests {
    /// A closed wedding with two guests, and a private file outside the data directory.
    private func setUp() async throws -> (TemporaryDataDirectory, WeddingID, secret: String) {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...2, to: wedding, in: store)
        await store.close()
        let secret = directory.scratch + "/secret.txt"
        try Data("¤secret-password\n".utf8).write(to: URL(fileURLWithPath: secret))
        return (directory, wedding, secret)
    }

    /// Replaces `path` with a symbolic link to `target`.
    private func link(_ path: String, to target: String) throws {
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    @Test("a data file replaced by a link is refused, named as a link, and left as it is",
          arguments: ["guests.json", "journal.jsonl", "meta.json", "wedding.json", "lock"])
    func aLinkedFileIsRefused(name: String) async throws {
        let (directory, wedding, secret) = try await setUp()
        let path = directory.file(name, of: wedding)
        try link(path, to: secret)

        let store = try directory.openStore()
        let error = await #expect(throws: FileStoreError.self) { try await store.read(wedding) { _ in } }
        #expect(error == .symbolicLink(path: path))
        let message = String(describing: error!)
        #expect(message.contains(path) && message.contains("symbolic link"), "\(message)")
        #expect(!message.contains("¤") && !message.contains("secret"), "\(message)")
        let write = await #expect(throws: FileStoreError.self) {
            try await store.write(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(9)) }
        }
        #expect(write == .symbolicLink(path: path))
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "¤secret-password\n", "the target is untouched")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == secret, "the link is not moved aside")
        #expect(!FileManager.default.fileExists(atPath: secret + ".tmp"))
    }

    @Test("a wedding folder that is a link is refused before anything is created in what it points to")
    func aLinkedWeddingFolderIsRefused() async throws {
        let (directory, wedding, _) = try await setUp()
        let folder = directory.folder(wedding)
        let elsewhere = directory.scratch + "/elsewhere"
        try FileManager.default.moveItem(atPath: folder, toPath: elsewhere)
        try FileManager.default.removeItem(atPath: elsewhere + "/lock")
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: elsewhere)

        let store = try directory.openStore()
        let error = await #expect(throws: FileStoreError.self) { try await store.read(wedding) { _ in } }
        #expect(error == .symbolicLink(path: folder))
        let caughtUp = await #expect(throws: FileStoreError.self) { try await store.catchUp(on: wedding) }
        #expect(caughtUp == .symbolicLink(path: folder))
        #expect(await store.preview(of: wedding) == nil)
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/lock"), "no lock file made through the link")
    }

    @Test("a file that is not a regular file (a FIFO) is refused at once, never waited on")
    func aFifoIsRefused() async throws {
        let (directory, wedding, _) = try await setUp()
        let path = directory.file("guests.json", of: wedding)
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)

        let store = try directory.openStore()
        let error = await #expect(throws: FileStoreError.self) { try await store.read(wedding) { _ in } }
        #expect(error == .notARegularFile(path: path))
        #expect(String(describing: error!).contains("\(path) is not a regular file"))
    }

    @Test("doctor's inspection reports each link, reads nothing through it, and changes nothing")
    func inspectionReportsLinks() async throws {
        let (directory, wedding, secret) = try await setUp()
        let guests = directory.file("guests.json", of: wedding)
        try link(guests, to: secret)

        let report = await StoreInspector.inspect(root: directory.root)
        let findings = try #require(report.weddings.first).findings
        #expect(findings == [.symbolicLink(path: guests)], "\(findings)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: guests) == secret)
    }

    @Test("a data directory that is itself a link is fine: only what is inside it must not be")
    func aLinkedRootIsFollowed() async throws {
        let (directory, wedding, _) = try await setUp()
        let alias = directory.scratch + "/alias"
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: directory.root)
        let store = try FileStore(root: alias, clock: { Fixtures.now })
        #expect(try await store.read(wedding) { $0.guests.count } == 2)
        #expect(await StoreInspector.inspect(root: alias).allFindings.isEmpty)
    }
}
