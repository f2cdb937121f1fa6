import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Glibc
import Testing

@Suite("Documents: stored once by SHA-256, exported byte for byte, trashed and restored, verified by the inspector")
struct DocumentStorageTests {
    /// Binary content with NUL bytes, a bare CR and an escape sequence.
    static let binary = Data([0x25, 0x50, 0x44, 0x00, 0xff, 0x00, 0x0d, 0x1b, 0x5b, 0x32, 0x4a] + Array(repeating: 0, count: 3000))

    struct Setup {
        let directory: TemporaryDataDirectory
        let store: FileStore
        let repositories: Repositories
        let wedding: WeddingID
        var documents: any DocumentRepository { repositories.documents }

        init() async throws {
            directory = try TemporaryDataDirectory()
            (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
            repositories = Repositories(host: store, cache: RepositoryCache())
        }

        /// Writes `bytes` to a new file named `name` in the scratch folder.
        func source(_ name: String, _ bytes: Data) throws -> String {
            let path = directory.scratch + "/" + name
            try bytes.write(to: URL(fileURLWithPath: path))
            return path
        }

        var storedFiles: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.folder(wedding) + "/documents")) ?? []).sorted()
        }
    }

    @Test func attachingStoresTheBytesPrivatelyUnderTheirHashAndRecordsWhatTheFileIs() async throws {
        let setup = try await Setup()
        let path = try setup.source("contract.pdf", Self.binary)

        let document = try await setup.documents.attach(fileAt: path, title: "  Venue contract ", to: .wedding, in: setup.wedding)

        #expect(document.title == "Venue contract")
        #expect(document.fileName == "contract.pdf")
        #expect(document.contentType == "application/pdf")
        #expect(document.byteCount == Self.binary.count)
        #expect(document.sha256 == Document.sha256(of: Self.binary))
        #expect(document.addedBy == setup.store.author)
        let stored = setup.documents.storedPath(of: document, in: setup.wedding)
        #expect(stored == setup.directory.folder(setup.wedding) + "/documents/" + document.sha256)
        #expect(FileManager.default.contents(atPath: stored) == Self.binary)
        var status = stat()
        #expect(stat(stored, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(PathName.folder(of: stored), &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(try await setup.documents.fetchAll(in: setup.wedding).records == [document])
        #expect(setup.storedFiles == [document.sha256], "no temporary file left behind")
    }

    @Test func theSameBytesAttachedTwiceAreStoredOnce() async throws {
        let setup = try await Setup()
        let first = try await setup.documents.attach(fileAt: try setup.source("a.bin", Self.binary), title: nil, to: .wedding,
                                                     in: setup.wedding)
        let second = try await setup.documents.attach(fileAt: try setup.source("copy of a.bin", Self.binary), title: "Again",
                                                      to: .wedding, in: setup.wedding)
        #expect(first.id != second.id)
        #expect(first.title == "a.bin")
        #expect(first.sha256 == second.sha256)
        #expect(setup.storedFiles == [first.sha256])
    }

    @Test func exportIsByteIdenticalAndKeepsAnExistingFileUnlessReplacing() async throws {
        let setup = try await Setup()
        let document = try await setup.documents.attach(fileAt: try setup.source("a.bin", Self.binary), title: nil, to: .wedding,
                                                        in: setup.wedding)
        let target = setup.directory.scratch + "/out.bin"
        try await setup.documents.export(document.id, to: target, replacing: false, in: setup.wedding)
        #expect(FileManager.default.contents(atPath: target) == Self.binary)

        try Data("mine".utf8).write(to: URL(fileURLWithPath: target))
        await #expect(throws: OutputFileProblem.exists(path: target)) {
            try await setup.documents.export(document.id, to: target, replacing: false, in: setup.wedding)
        }
        #expect(FileManager.default.contents(atPath: target) == Data("mine".utf8))
        try await setup.documents.export(document.id, to: target, replacing: true, in: setup.wedding)
        #expect(FileManager.default.contents(atPath: target) == Self.binary)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: setup.directory.scratch).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func anAlteredStoredFileIsNotExported() async throws {
        let setup = try await Setup()
        let document = try await setup.documents.attach(fileAt: try setup.source("a.bin", Self.binary), title: "Quote", to: .wedding,
                                                        in: setup.wedding)
        let stored = setup.documents.storedPath(of: document, in: setup.wedding)
        try Data("tampered".utf8).write(to: URL(fileURLWithPath: stored))
        let target = setup.directory.scratch + "/out.bin"
        await #expect(throws: DocumentError.storedFileAltered(path: stored, title: "Quote")) {
            try await setup.documents.export(document.id, to: target, replacing: false, in: setup.wedding)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func deleteMovesToTheTrashAndRestoreBringsItBack() async throws {
        let setup = try await Setup()
        let document = try await setup.documents.attach(fileAt: try setup.source("a.txt", Data("hello\n".utf8)), title: nil,
                                                        to: .wedding, in: setup.wedding)
        let trashed = try await setup.documents.trash(document.id, in: setup.wedding)
        #expect(trashed.isTrashed)
        #expect(try await setup.documents.fetchAll(in: setup.wedding).map(\.isTrashed) == [true])
        #expect(setup.storedFiles == [document.sha256], "the trash keeps the bytes")

        let restored = try await setup.documents.restore(document.id, in: setup.wedding)
        #expect(!restored.isTrashed)
        #expect(try await setup.documents.fetchAll(in: setup.wedding).map(\.isTrashed) == [false])
    }

    @Test func purgingRemovesTheFileOnlyWhenNoOtherDocumentHasTheSameBytes() async throws {
        let setup = try await Setup()
        let path = try setup.source("a.txt", Data("hello\n".utf8))
        let first = try await setup.documents.attach(fileAt: path, title: nil, to: .wedding, in: setup.wedding)
        let second = try await setup.documents.attach(fileAt: path, title: nil, to: .wedding, in: setup.wedding)
        await #expect(throws: DocumentError.notInTrash(title: "a.txt")) { try await setup.documents.purge(first.id, in: setup.wedding) }

        _ = try await setup.documents.trash(first.id, in: setup.wedding)
        try await setup.documents.purge(first.id, in: setup.wedding)
        #expect(setup.storedFiles == [second.sha256])
        _ = try await setup.documents.trash(second.id, in: setup.wedding)
        try await setup.documents.purge(second.id, in: setup.wedding)
        #expect(setup.storedFiles.isEmpty)
        #expect(try await setup.documents.fetchAll(in: setup.wedding).isEmpty)
    }

    @Test func idsAreFoundByAUniqueStart() async throws {
        let setup = try await Setup()
        let document = try await setup.documents.attach(fileAt: try setup.source("a.txt", Data("x".utf8)), title: nil, to: .wedding,
                                                        in: setup.wedding)
        let id = document.id.uuidString.lowercased()
        #expect(try await setup.documents.find(String(id.prefix(6)).uppercased(), in: setup.wedding) == document)
        await #expect(throws: DocumentError.noMatch("zz")) { _ = try await setup.documents.find("zz", in: setup.wedding) }
        _ = try await setup.documents.attach(fileAt: try setup.source("b.txt", Data("y".utf8)), title: nil, to: .wedding,
                                             in: setup.wedding)
        await #expect(throws: DocumentError.self) { _ = try await setup.documents.find("", in: setup.wedding) }
    }

    @Test func badFilesAndSubjectsAreRefusedNamingTheProblemAndStoreNothing() async throws {
        let setup = try await Setup()
        let missing = setup.directory.scratch + "/nope.pdf"
        await #expect(throws: DocumentError.noSuchFile(path: missing)) {
            _ = try await setup.documents.attach(fileAt: missing, title: nil, to: .wedding, in: setup.wedding)
        }
        await #expect(throws: DocumentError.isAFolder(path: setup.directory.scratch)) {
            _ = try await setup.documents.attach(fileAt: setup.directory.scratch, title: nil, to: .wedding, in: setup.wedding)
        }
        let fifo = setup.directory.scratch + "/pipe"
        mkfifo(fifo, 0o600)
        await #expect(throws: DocumentError.unreadable(path: fifo, reason: "it is not a regular file")) {
            _ = try await setup.documents.attach(fileAt: fifo, title: nil, to: .wedding, in: setup.wedding)
        }
        let unknownVendor = RecordSubject.record(.vendor, UUID())
        await #expect(throws: RepositoryError.self) {
            _ = try await setup.documents.attach(fileAt: try setup.source("ok.txt", Data("x".utf8)), title: nil,
                                                 to: unknownVendor, in: setup.wedding)
        }
        #expect(setup.storedFiles.isEmpty)
        #expect(try await setup.documents.fetchAll(in: setup.wedding).isEmpty)
    }

    @Test func hostileFileNamesAndTitlesAreKeptAsTextAndNeverNameTheStoredFile() async throws {
        let setup = try await Setup()
        let hostile = "..\n\u{1b}[2J'\"$(rm -rf).txt"
        let path = try setup.source(hostile, Data("x".utf8))
        let document = try await setup.documents.attach(fileAt: path, title: "../../etc/passwd\u{1b}]0;owned\u{7}", to: .wedding,
                                                        in: setup.wedding)
        #expect(document.fileName == hostile)
        #expect(document.title == "../../etc/passwd\u{1b}]0;owned\u{7}")
        #expect(setup.storedFiles == [document.sha256])
        #expect(setup.directory.allPaths(below: setup.directory.root).allSatisfy { !$0.contains("passwd") && !$0.contains("rm -rf") })
    }

    @Test func theInspectorFindsAMissingAndAnAlteredStoredFileWithTheirPathsAndChangesNothing() async throws {
        let setup = try await Setup()
        let kept = try await setup.documents.attach(fileAt: try setup.source("a.txt", Data("a".utf8)), title: "Kept", to: .wedding,
                                                    in: setup.wedding)
        let lost = try await setup.documents.attach(fileAt: try setup.source("b.txt", Data("b".utf8)), title: "Lost", to: .wedding,
                                                    in: setup.wedding)
        let altered = try await setup.documents.attach(fileAt: try setup.source("c.txt", Data("c".utf8)), title: "Altered",
                                                       to: .wedding, in: setup.wedding)
        var report = await StoreInspector.inspect(root: setup.directory.root)
        #expect(report.allFindings.isEmpty, "\(report.allFindings)")
        #expect(report.weddings.first?.documentsVerified == 3)

        let lostPath = setup.documents.storedPath(of: lost, in: setup.wedding)
        let alteredPath = setup.documents.storedPath(of: altered, in: setup.wedding)
        try FileManager.default.removeItem(atPath: lostPath)
        try Data("C".utf8).write(to: URL(fileURLWithPath: alteredPath))
        chmod(alteredPath, 0o600)
        let before = try DiskState(setup.directory.scratch)

        report = await StoreInspector.inspect(root: setup.directory.root)

        #expect(report.allFindings == [.missingDocument(path: lostPath, id: lost.id, title: "Lost"),
                                       .alteredDocument(path: alteredPath, id: altered.id, title: "Altered")])
        #expect(!report.allFindings.contains { $0.path == setup.documents.storedPath(of: kept, in: setup.wedding) })
        #expect(try DiskState(setup.directory.scratch) == before)
    }
}
