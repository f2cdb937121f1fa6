import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Testing

/// Documents' bytes through the database: a document added on one machine (a data directory)
/// opens byte for byte on another, online or after the first was offline; the database's
/// policies decide who may send and read them, and what it sends is checked before it is kept.
@Suite("Documents' bytes in the database")
struct DocumentContentTests {
    private static let contract = Data("Signed: the Orchid Room, 3 July 2027\n\u{0}\u{1}binary tail".utf8)

    /// A file with `bytes` in `directory`'s scratch folder, to attach.
    private func file(_ bytes: Data, named name: String = "contract.pdf", in directory: TemporaryDataDirectory) throws -> String {
        let path = directory.scratch + "/" + name
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func tier(_ url: DatabaseURL, in directory: TemporaryDataDirectory, author: String) async throws -> TieredWeddingHost {
        try await TieredWeddingHost.open(url, author: author, localRoot: directory.root, clock: { Fixtures.now })
    }

    private func documents(_ host: any WeddingDataHost) -> any DocumentRepository {
        Repositories(host: host, cache: RepositoryCache()).documents
    }

    private func exported(_ id: UUID, by host: any WeddingDataHost, in wedding: WeddingID,
                          to directory: TemporaryDataDirectory) async throws -> Data {
        let target = directory.scratch + "/exported-" + UUID().uuidString
        try await documents(host).export(id, to: target, replacing: false, in: wedding)
        return try Data(contentsOf: URL(fileURLWithPath: target))
    }

    @Test("a document added on one machine exports byte for byte on another, whose folder never had it")
    func twoMachines() async throws {
        let database = try await TestDatabase.make()
        let (here, there) = (try TemporaryDataDirectory(), try TemporaryDataDirectory())
        let ana = try await tier(database.url, in: here, author: "ana")
        let ben = try await tier(database.url, in: there, author: "ben")
        let id = try await ana.createWedding(Fixtures.wedding()).weddingID
        let document = try await documents(ana).attach(fileAt: try file(Self.contract, in: here), title: "Venue contract",
                                                       to: .wedding, in: id)

        #expect(try await ben.read(id) { $0.documents.records.map(\.title) } == ["Venue contract"])
        let theirs = DocumentFiles(folder: ben.documentsFolder(of: id))
        #expect(!theirs.has(document.sha256))
        #expect(try await exported(document.id, by: ben, in: id, to: there) == Self.contract)
        #expect(theirs.check(document.sha256) == .intact, "kept on this machine once fetched")
        #expect(try await documents(ben).localPath(of: document, in: id) == theirs.path(of: document.sha256))
        await ana.close()
        await ben.close()
    }

    @Test("the database refuses a document record whose bytes it does not have, whatever program sends it")
    func recordWithoutBytesRefused() async throws {
        let database = try await TestDatabase.make()
        let host = try await database.openHost()
        let id = try await host.createWedding(Fixtures.wedding()).weddingID
        let orphan = Document(title: "Orphan", fileName: "orphan.txt", contentType: "text/plain", byteCount: 3,
                              sha256: Document.sha256(of: Data("abc".utf8)), subject: .wedding, addedBy: "me")
        do {
            _ = try await host.write(id, operation: "attach") { try $0.insert(orphan) }
            Issue.record("a document record without its bytes reached the database")
        } catch let RepositoryError.storage(message) {
            #expect(message.contains("is not in the database; it must be sent first"), "\(message)")
        }
        #expect(try await database.openHost().read(id) { $0.documents.count } == 0)
        await host.close()
    }

    @Test("added offline: the bytes stay here until the database answers, then go before the record; the other machine, offline without them, says so, and has them once it answers")
    func offlineThenReconnect() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        let (here, there) = (try TemporaryDataDirectory(), try TemporaryDataDirectory())
        let ana = try await tier(url, in: here, author: "ana")
        let ben = try await tier(url, in: there, author: "ben")
        let id = try await ana.createWedding(Fixtures.wedding()).weddingID
        _ = try await ben.read(id) { $0.wedding }

        try cluster.stop(immediately: true)
        let document = try await documents(ana).attach(fileAt: try file(Self.contract, in: here), title: "Venue contract",
                                                       to: .wedding, in: id)
        #expect(ana.isOffline)
        #expect(try await ana.queued(in: id).count == 1)
        #expect(try await exported(document.id, by: ana, in: id, to: here) == Self.contract, "the bytes are here")

        try cluster.start()
        #expect(try await ana.reconnect())
        #expect(try await ana.queued(in: id).isEmpty)
        try await ben.catchUp(on: id)
        #expect(try await ben.read(id) { $0.documents.records.map(\.id) } == [document.id])

        try cluster.stop(immediately: true)
        do {
            _ = try await exported(document.id, by: ben, in: id, to: there)
            Issue.record("exported bytes this machine does not have")
        } catch let error as DocumentError {
            #expect(error == .notFetchedYet(title: "Venue contract"))
            #expect(error.description == "the file of 'Venue contract' is on the database and not on this machine yet; "
                        + "it comes when the database answers")
        }
        #expect(ben.isOffline)

        try cluster.start()
        #expect(try await ben.reconnect())
        #expect(try await exported(document.id, by: ben, in: id, to: there) == Self.contract)
        await ana.close()
        await ben.close()
        try cluster.stop(immediately: false)
    }

    @Test("a viewer cannot send bytes (the database refuses) but reads them; a stranger can neither read nor see them")
    func rolesDecide() async throws {
        let database = try await TestDatabase.make()
        let (mei, sam, eve) = (try database.makeRole("mei"), try database.makeRole("sam"), try database.makeRole("eve"))
        let (ownerDirectory, viewerDirectory, strangerDirectory)
            = (try TemporaryDataDirectory(), try TemporaryDataDirectory(), try TemporaryDataDirectory())
        let owner = try await PostgresWeddingHost.open(try database.url(as: mei), localRoot: ownerDirectory.root)
        let wedding = try await owner.createWedding(Fixtures.wedding())
        let id = wedding.weddingID
        let document = try await documents(owner).attach(fileAt: try file(Self.contract, in: ownerDirectory),
                                                         title: "Venue contract", to: .wedding, in: id)
        #expect(try await owner.share(wedding, with: sam, as: .viewer) == nil)

        let viewer = try await PostgresWeddingHost.open(try database.url(as: sam), localRoot: viewerDirectory.root)
        let theirs = DocumentFiles(folder: viewer.documentsFolder(of: id))
        let forged = Data("a viewer's own contract".utf8)
        let sha256 = try theirs.store(forged)
        do {
            try await viewer.keepContent(sha256, from: theirs, in: id)
            Issue.record("the database kept a viewer's bytes")
        } catch let RepositoryError.notPermitted(message) {
            #expect(message.contains("may look at this wedding but not change it"), "\(message)")
        }
        #expect(try await owner.contentHashes(in: id) == [document.sha256])
        #expect(try await exported(document.id, by: viewer, in: id, to: viewerDirectory) == Self.contract)

        let stranger = try await PostgresWeddingHost.open(try database.url(as: eve), localRoot: strangerDirectory.root)
        #expect(try await stranger.contentHashes(in: id).isEmpty)
        let strangers = DocumentFiles(folder: stranger.documentsFolder(of: id))
        await #expect(throws: DocumentError.storedNowhere(path: strangers.path(of: document.sha256), title: "Venue contract")) {
            try await stranger.fetchContent(document.sha256, title: "Venue contract", into: strangers, in: id)
        }
        #expect(!strangers.has(document.sha256))
        await owner.close()
        await viewer.close()
        await stranger.close()
    }

    @Test("push from one data directory, pull into another: the pulled wedding has every document's bytes, and checks clean")
    func pushThenPull() async throws {
        let database = try await TestDatabase.make()
        let (source, third) = (try TemporaryDataDirectory(), try TemporaryDataDirectory())
        let (local, id) = try await Fixtures.storeWithWedding(in: source)
        let contract = try await documents(local).attach(fileAt: try file(Self.contract, in: source), title: "Venue contract",
                                                         to: .wedding, in: id)
        let menu = try await documents(local).attach(fileAt: try file(Data("Menu: three courses".utf8), named: "menu.txt",
                                                                      in: source), title: "Menu", to: .wedding, in: id)
        _ = try await documents(local).trash(menu.id, in: id)

        let host = try await PostgresWeddingHost.open(database.url, localRoot: source.root)
        _ = try await host.push(id, from: local)
        #expect(try await host.contentHashes(in: id) == [contract.sha256, menu.sha256])

        let elsewhere = try third.openStore()
        _ = try await host.pull(id, into: elsewhere)
        let pulled = DocumentFiles(folder: elsewhere.documentsFolder(of: id))
        #expect(pulled.check(contract.sha256) == .intact && pulled.check(menu.sha256) == .intact)
        #expect(try await exported(contract.id, by: elsewhere, in: id, to: third) == Self.contract)
        await elsewhere.close()
        let report = await StoreInspector.inspect(root: third.root)
        #expect(report.allFindings.isEmpty, "\(report.allFindings)")
        await host.close()
        await local.close()
    }

    @Test("bytes from the database that do not match their SHA-256 are refused, and nothing is written")
    func alteredBytesRefused() async throws {
        let database = try await TestDatabase.make()
        let (here, there, third) = (try TemporaryDataDirectory(), try TemporaryDataDirectory(), try TemporaryDataDirectory())
        let ana = try await tier(database.url, in: here, author: "ana")
        let id = try await ana.createWedding(Fixtures.wedding()).weddingID
        let document = try await documents(ana).attach(fileAt: try file(Self.contract, in: here), title: "Venue contract",
                                                       to: .wedding, in: id)
        // Behind the database's own check, as only its administrator could.
        try database.run("ALTER TABLE document_contents DROP CONSTRAINT content_matches_sha256")
        try database.run("UPDATE document_contents SET content = 'forged'::bytea, byte_count = 6")

        let ben = try await tier(database.url, in: there, author: "ben")
        let target = there.scratch + "/contract.pdf"
        await #expect(throws: DocumentError.receivedAltered(title: "Venue contract")) {
            try await documents(ben).export(document.id, to: target, replacing: false, in: id)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(there.allPaths(below: ben.documentsFolder(of: id)).isEmpty)

        let host = try await database.openHost()
        await #expect(throws: DocumentError.receivedAltered(title: "Venue contract")) {
            try await host.pull(id, into: try third.openStore())
        }
        #expect(try await third.openStore().listWeddings().isEmpty, "nothing was pulled")
        await host.close()
        await ana.close()
        await ben.close()
    }
}
