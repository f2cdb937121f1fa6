import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Testing

/// The file store as the disk tier of a database's weddings, on a private server the tests stop
/// hard (`pg_ctl stop -m immediate`) and start again.
@Suite("Tiered host (local copy of a database wedding)")
struct TieredHostTests {
    /// A private, migrated server and a data directory for the copies.
    private struct Setup {
        let cluster: PostgresTestCluster
        let url: DatabaseURL
        let directory: TemporaryDataDirectory

        init() async throws {
            cluster = try PostgresTestCluster.makePrivate()
            url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
            _ = try await DatabaseSchema.migrate(url)
            directory = try TemporaryDataDirectory()
        }

        func tier() async throws -> TieredWeddingHost {
            try await TieredWeddingHost.open(url, author: "mei", localRoot: directory.root, clock: { Fixtures.now })
        }

        /// A wedding created online through a tier (so copied here) with one guest, Mei Lin; the
        /// tier is closed again.
        func weddingWithAGuest() async throws -> (WeddingID, Guest) {
            let online = try await tier()
            let id = try await online.createWedding(Fixtures.wedding()).weddingID
            let guest = try await online.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
            await online.close()
            return (id, guest)
        }

        /// The database as another machine sees it.
        func database(author: String = "ben") async throws -> PostgresWeddingHost {
            try await TestDatabase(url: url).openHost(author: author)
        }
    }

    private func seat(_ guest: Guest, at table: Int) -> Guest {
        var seated = guest
        seated.table = table
        return seated
    }

    @Test("with the server stopped the copy opens with the data; edits made offline survive a restart of the host and land once it answers")
    func offlineOpenWriteAndPush() async throws {
        let setup = try await Setup()
        let (id, guest) = try await setup.weddingWithAGuest()

        try setup.cluster.stop(immediately: true)
        let offline = try await setup.tier()
        #expect(offline.isOffline)
        #expect(offline.connection(id) == .offline(lastSynced: Fixtures.now))
        #expect(try await offline.read(id) { $0.guests.records } == [guest])
        let seated = try await offline.write(id, operation: "seat") { [moved = seat(guest, at: 4)] in try $0.update(moved) }
        let added = try await offline.write(id, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }
        #expect(try await offline.queued(in: id).map(\.operation) == ["seat", "add"])
        await offline.close()

        let reopened = try await setup.tier()
        #expect(try await reopened.read(id) { $0.guests.records } == [seated, added])
        #expect(try await reopened.queued(in: id).count == 2, "the queue is kept on disk")

        try setup.cluster.start()
        #expect(try await reopened.reconnect())
        #expect(!reopened.isOffline)
        #expect(try await reopened.queued(in: id).isEmpty)
        #expect(try await reopened.conflicts(in: id).isEmpty)
        let other = try await setup.database()
        #expect(try await other.read(id) { $0.guests.records.map { "\($0.firstName) \($0.table.map(String.init) ?? "-") v\($0.version)" } }
            == ["Mei 4 v2", "Bo - v1"])
        #expect(try await reopened.read(id) { $0.guests.records.map(\.version) } == [2, 1])
        await other.close()
        await reopened.close()
        try setup.cluster.stop(immediately: false)
    }

    @Test("an edit made offline whose sending fails for a passing reason while the database answers is sent again, not left for the next reconnection")
    func queuedEditSentAgainAfterAPassingFailure() async throws {
        let setup = try await Setup()
        let (id, guest) = try await setup.weddingWithAGuest()
        try setup.cluster.stop(immediately: true)
        let offline = try await setup.tier()
        _ = try await offline.write(id, operation: "seat") { [moved = seat(guest, at: 4)] in try $0.update(moved) }
        await offline.close()

        try setup.cluster.start()
        // The database's first commit from now on fails (an error that is not a refusal); the rest go through.
        try setup.cluster.runSQL("""
            CREATE SEQUENCE commits_seen;
            CREATE FUNCTION fail_first_commit() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF nextval('commits_seen') = 1 THEN RAISE EXCEPTION 'a failure that passes' USING ERRCODE = 'XX000'; END IF;
                RETURN NEW;
            END $$;
            CREATE TRIGGER fail_first_commit BEFORE INSERT ON changes FOR EACH ROW EXECUTE FUNCTION fail_first_commit();
            """, database: setup.url.database)
        let host = try await TieredWeddingHost.open(setup.url, author: "mei", localRoot: setup.directory.root,
                                                    start: .fromTheCopy, clock: { Fixtures.now })
        host.connect()
        #expect(try await host.read(id) { $0.guests[guest.id]?.table } == 4)
        var sent = false
        for _ in 0..<100 where !sent {
            try await Task.sleep(for: .milliseconds(100))
            sent = try await host.queued(in: id).isEmpty
        }
        #expect(sent, "the queued edit is sent again within the revalidation's tries")
        let other = try await setup.database()
        #expect(try await other.read(id) { $0.guests[guest.id]?.table } == 4)
        await other.close()
        await host.close()
        try setup.cluster.stop(immediately: false)
    }

    @Test("the server stopped hard mid-session: the host goes offline and keeps working; the edit lands after a restart")
    func stoppedMidSession() async throws {
        let setup = try await Setup()
        let host = try await setup.tier()
        let id = try await host.createWedding(Fixtures.wedding()).weddingID
        let guest = try await host.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        #expect(!host.isOffline)
        var connections = host.connectionChanges(in: id).makeAsyncIterator()

        try setup.cluster.stop(immediately: true)
        let seated = try await host.write(id, operation: "seat") { [moved = seat(guest, at: 2)] in try $0.update(moved) }
        #expect(host.isOffline)
        #expect(await connections.next() == .offline(lastSynced: Fixtures.now), "the header's marker is told at once")
        #expect(host.connection(id) == .offline(lastSynced: Fixtures.now))
        #expect(try await host.read(id) { $0.guests.records } == [seated])
        #expect(try await host.listWeddings().map(\.weddingID) == [id])

        try setup.cluster.start()
        #expect(try await host.reconnect())
        #expect(await connections.next() == host.connection(id))
        #expect(host.connection(id) != .offline(lastSynced: Fixtures.now))
        let other = try await setup.database()
        #expect(try await other.read(id) { $0.guests[guest.id]?.table } == 2)
        await other.close()
        await host.close()
        try setup.cluster.stop(immediately: false)
    }

    @Test("a guest edited offline here and online elsewhere: the offline edit is kept as a conflict, then kept or dropped as chosen")
    func conflictKeptAndResolved() async throws {
        let setup = try await Setup()
        let offline = try await setup.tier()
        let id = try await offline.createWedding(Fixtures.wedding()).weddingID
        let mei = try await offline.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        let bo = try await offline.write(id, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }
        let ana = try await offline.write(id, operation: "add") { try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz")) }

        try setup.cluster.stop(immediately: true)
        _ = try await offline.write(id, operation: "seat Mei") { [moved = seat(mei, at: 4)] in try $0.update(moved) }
        _ = try await offline.write(id, operation: "seat Bo") { [moved = seat(bo, at: 5)] in try $0.update(moved) }
        _ = try await offline.write(id, operation: "seat Ana") { [moved = seat(ana, at: 6)] in try $0.update(moved) }
        #expect(offline.isOffline)
        // Closed before the server is back, so its own retries cannot send the queue before the
        // other machine's edits (the queue is on disk; the host opened next sends it).
        await offline.close()

        try setup.cluster.start()
        let other = try await setup.database()
        _ = try await other.write(id, operation: "seat") { [moved = seat(mei, at: 7)] in try $0.update(moved) }
        _ = try await other.write(id, operation: "seat") { [moved = seat(bo, at: 8)] in try $0.update(moved) }

        let host = try await setup.tier()
        #expect(try await host.queued(in: id).count == 3)
        try await host.catchUp(on: id)
        let conflicts = try await host.conflicts(in: id)
        #expect(conflicts.map(\.operation) == ["seat Mei", "seat Bo"])
        #expect(try await host.queued(in: id).isEmpty)
        // The edit without a conflict landed; the copy shows theirs where mine conflicted.
        #expect(try await other.read(id) { $0.guests.records.map(\.table) } == [7, 8, 6])
        #expect(try await host.read(id) { $0.guests.records.map(\.table) } == [7, 8, 6])

        try await host.resolve(conflicts[0], in: id, keepingMine: true)
        try await host.resolve(conflicts[1], in: id, keepingMine: false)
        #expect(try await host.conflicts(in: id).isEmpty)
        try await other.catchUp(on: id)
        #expect(try await other.read(id) { $0.guests.records.map(\.table) } == [4, 8, 6])
        #expect(try await host.read(id) { $0.guests.records.map(\.table) } == [4, 8, 6])
        #expect(try await host.read(id) { $0 } == other.read(id) { $0 })
        await other.close()
        await host.close()
        try setup.cluster.stop(immediately: false)
    }

    @Test("a copy made on first open is read when the server is gone; a wedding never copied is refused in words")
    func firstOpenCopies() async throws {
        let setup = try await Setup()
        let other = try await setup.database()
        let copied = try await other.createWedding(Fixtures.wedding("Copied")).weddingID
        let guest = try await other.write(copied, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        let never = try await other.createWedding(Fixtures.wedding("Never")).weddingID
        await other.close()

        let host = try await setup.tier()
        #expect(try await host.read(copied) { $0.guests.records } == [guest])
        await host.close()
        try setup.cluster.stop(immediately: true)
        let offline = try await setup.tier()
        #expect(try await offline.read(copied) { $0.guests.records } == [guest])
        #expect(try await offline.listWeddings().map(\.name) == ["Copied"])
        do {
            _ = try await offline.read(never) { $0.guests.count }
            Issue.record("read a wedding that was never copied, offline")
        } catch let RepositoryError.storage(message) {
            #expect(message.contains("cannot be reached"), "\(message)")
        }
        await offline.close()
    }

    @Test("two machines' copies of one wedding: an edit on one reaches the other's copy and stream by itself; the same guest edited on both is a conflict")
    func twoMachines() async throws {
        let database = try await TestDatabase.make()
        let laptop = try TemporaryDataDirectory(), desktop = try TemporaryDataDirectory()
        let ana = try await TieredWeddingHost.open(database.url, author: "ana", localRoot: laptop.root, clock: { Fixtures.now })
        let ben = try await TieredWeddingHost.open(database.url, author: "ben", localRoot: desktop.root, clock: { Fixtures.now })
        let id = try await ana.createWedding(Fixtures.wedding()).weddingID
        _ = try await ben.read(id) { $0.guests.count }
        var arriving = ben.changes(in: id).makeAsyncIterator()
        let states = ben.connectionChanges(in: id)
        if ben.connection(id) != .live {
            for await state in states where state == .live { break }
        }

        let guest = try await ana.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        let change = try #require(await arriving.next())
        #expect(change.origin == .external && change.records?.map(\.id) == [guest.id])
        #expect(try await ben.copy.read(id) { $0.guests.records } == [guest], "the copy holds the edit, version and all")

        _ = try await ana.write(id, operation: "seat") { [moved = seat(guest, at: 3)] in try $0.update(moved) }
        await #expect(throws: RepositoryError.conflict(.guest, id: guest.id, expected: 1, actual: 2)) {
            try await ben.write(id, operation: "seat") { [moved = seat(guest, at: 7)] in try $0.update(moved) }
        }
        #expect(try await ben.read(id) { $0.guests[guest.id]?.table } == 3, "the other's edit stands; nothing was overwritten")
        await ana.close()
        await ben.close()
    }

    @Test("a document attached to a database wedding is stored in the data directory, whose folder for it did not exist")
    func documentOnADatabaseWedding() async throws {
        let database = try await TestDatabase.make()
        let directory = try TemporaryDataDirectory()
        let tier = try await TieredWeddingHost.open(database.url, author: "ana", localRoot: directory.root, clock: { Fixtures.now })
        let id = try await tier.createWedding(Fixtures.wedding()).weddingID
        let file = directory.root + "/contract.txt"
        try Data("Signed: the Orchid Room".utf8).write(to: URL(fileURLWithPath: file))
        let documents = Repositories(host: tier, cache: RepositoryCache()).documents
        let document = try await documents.attach(fileAt: file, title: "Venue contract", to: .wedding, in: id)
        let stored = tier.documentsFolder(of: id) + "/" + document.sha256
        #expect(try Data(contentsOf: URL(fileURLWithPath: stored)) == Data("Signed: the Orchid Room".utf8))
        #expect(try await database.openHost().read(id) { $0.documents.records.map(\.title) } == ["Venue contract"])
        await tier.close()
    }
}
