import BlueprintConfiguration
import BlueprintDomain
@testable import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Logging
import Synchronization
import Testing

/// Presence through the database, on a real server: sessions on two machines (two data
/// directories) see each other, the server's clock decides what is stale, the database's
/// policies decide who sees and removes what, and a database that cannot be reached makes
/// presence fall back to this machine's sessions, quietly.
/// Three minutes: one test makes a private cluster and stops and starts it, slow on a busy machine.
@Suite("Presence through PostgreSQL", .timeLimit(.minutes(3)))
struct PostgresPresenceTests {
    /// A session's entry, stamped now (the file board, the offline tier, judges staleness by this
    /// machine's clock).
    private func presence(_ name: String, editing: PresenceSubject? = nil) -> Presence {
        let now = Timestamp(Date())
        return Presence(sessionID: UUID(), identity: PresenceIdentity(name: name, account: "\(name)@host", host: "host", pid: 7),
                        started: now, lastHeartbeat: now, pane: "Guests", editing: editing)
    }

    private func wedding(in database: TestDatabase) async throws -> WeddingID {
        let host = try await database.openHost()
        let wedding = try await host.createWedding(Fixtures.wedding())
        await host.close()
        return wedding.weddingID
    }

    /// Waits for `changes` to wake until `condition` holds (the suite's time limit ends a wait
    /// for a wake that never comes).
    private func wake(_ changes: inout AsyncStream<Void>.Iterator, until condition: () async throws -> Bool) async throws {
        while try await !condition() {
            guard await changes.next() != nil else { throw CancellationError() }
        }
    }

    @Test("two machines see each other's sessions and what each is editing")
    func twoMachines() async throws {
        let database = try await TestDatabase.make()
        let id = try await wedding(in: database)
        let (here, there) = (try TemporaryDataDirectory(), try TemporaryDataDirectory())
        let mine = TieredPresenceBoard(url: try await database.url(forAuthor: "Mei"), localRoot: here.root)
        let theirs = TieredPresenceBoard(url: try await database.url(forAuthor: "Sam"), localRoot: there.root)
        let guest = PresenceSubject(.guest, id: UUID(), label: "Ana Ruiz")
        let me = presence("Mei"), them = presence("Sam", editing: guest)
        try await mine.announce(me, in: id)
        try await theirs.announce(them, in: id)

        #expect(try await mine.others(in: id, excluding: me.sessionID) == [them])
        #expect(try await theirs.others(in: id, excluding: them.sessionID) == [me])
        var moved = them
        moved.editing = PresenceSubject(.vendor, id: UUID(), label: "Blooms")
        try await theirs.announce(moved, in: id)
        #expect(try await mine.others(in: id, excluding: me.sessionID).map(\.editing) == [moved.editing],
                "one row per session: the new \"now editing\" replaces the old")
        #expect(!mine.isOffline && !theirs.isOffline)
        await mine.close()
        await theirs.close()
    }

    @Test("held (the planner's, until its first frame): announced on this machine only, nothing sent; once connected, sent and followed")
    func heldUntilConnected() async throws {
        let database = try await TestDatabase.make()
        let id = try await wedding(in: database)
        let (here, there) = (try TemporaryDataDirectory(), try TemporaryDataDirectory())
        let mine = TieredPresenceBoard(url: try await database.url(forAuthor: "Mei"), localRoot: here.root, held: true)
        let theirs = TieredPresenceBoard(url: try await database.url(forAuthor: "Sam"), localRoot: there.root)
        let me = presence("Mei"), them = presence("Sam")
        try await theirs.announce(them, in: id)
        var changes = mine.changes(in: id).makeAsyncIterator(), theirChanges = theirs.changes(in: id).makeAsyncIterator()
        try await mine.announce(me, in: id)
        #expect(try await mine.others(in: id, excluding: me.sessionID).isEmpty, "this machine's sessions only")
        #expect(try await theirs.others(in: id, excluding: them.sessionID).isEmpty, "nothing sent while held")
        #expect(mine.isOffline)

        mine.connect()
        try await wake(&changes) { try await mine.others(in: id, excluding: me.sessionID) == [them] }
        // The entry announced meanwhile is sent, and its notice wakes the other machine.
        try await wake(&theirChanges) { try await theirs.others(in: id, excluding: them.sessionID) == [me] }
        #expect(!mine.isOffline)
        await mine.close()
        await theirs.close()
    }

    @Test("a withdrawal removes the session at once and wakes the other machine's changes")
    func withdrawWakes() async throws {
        let database = try await TestDatabase.make()
        let id = try await wedding(in: database)
        let mine = PostgresPresenceBoard(url: try await database.url(forAuthor: "Mei"))
        let theirs = PostgresPresenceBoard(url: try await database.url(forAuthor: "Sam"))
        let me = presence("Mei"), them = presence("Sam")
        try await theirs.announce(them, in: id)
        var changes = mine.changes(in: id).makeAsyncIterator()
        // The first wake says the listener listens: from here on, every notice arrives (and
        // nothing else happens to the wedding, so the next wake is the withdrawal's notice).
        #expect(await changes.next() != nil)
        #expect(try await mine.others(in: id, excluding: me.sessionID) == [them])

        try await theirs.withdraw(them.sessionID, from: id)
        #expect(try await mine.others(in: id, excluding: me.sessionID).isEmpty, "gone at once, not at the next heartbeat")
        #expect(await changes.next() != nil, "the withdrawal's notice wakes the other board")
        await mine.close()
        await theirs.close()
    }

    @Test("a row whose heartbeat the server stamped over 90 s ago is not listed, and the next announcement removes it")
    func staleByTheServersClock() async throws {
        let database = try await TestDatabase.make()
        let id = try await wedding(in: database)
        let mine = PostgresPresenceBoard(url: try await database.url(forAuthor: "Mei"))
        let theirs = PostgresPresenceBoard(url: try await database.url(forAuthor: "Sam"))
        let me = presence("Mei"), them = presence("Sam")
        // The entry's own times say nothing: the server's heartbeat decides.
        var old = them
        old.lastHeartbeat = Timestamp(millisecondsSince1970: 0)
        try await theirs.announce(old, in: id)
        #expect(try await mine.others(in: id, excluding: me.sessionID).map(\.name) == ["Sam"])

        try database.run("UPDATE presence SET heartbeat = now() - interval '80 seconds' WHERE session_id = '\(them.sessionID)'")
        #expect(try await mine.others(in: id, excluding: me.sessionID).map(\.name) == ["Sam"])
        try database.run("UPDATE presence SET heartbeat = now() - interval '91 seconds' WHERE session_id = '\(them.sessionID)'")
        #expect(try await mine.others(in: id, excluding: me.sessionID).isEmpty)

        try await mine.announce(me, in: id)
        // Were the dead session's row still there, a fresh heartbeat would list it again.
        try database.run("UPDATE presence SET heartbeat = now() WHERE session_id = '\(them.sessionID)'")
        #expect(try await mine.others(in: id, excluding: me.sessionID).isEmpty, "swept by the announcement")
        #expect(try await theirs.others(in: id, excluding: them.sessionID).map(\.name) == ["Mei"])
        await mine.close()
        await theirs.close()
    }

    @Test("members see each other; a stranger sees no row, cannot announce there, and cannot remove or change another's row")
    func rowLevelSecurity() async throws {
        let database = try await TestDatabase.make()
        let (mei, sam, eve) = (try database.makeRole("mei"), try database.makeRole("sam"), try database.makeRole("eve"))
        let owner = try await database.openHost(as: mei)
        let wedding = try await owner.createWedding(Fixtures.wedding())
        try await owner.share(wedding, with: sam, as: .viewer)
        await owner.close()
        let id = wedding.weddingID
        let meiBoard = PostgresPresenceBoard(url: try database.url(as: mei))
        let samBoard = PostgresPresenceBoard(url: try database.url(as: sam))
        let eveBoard = PostgresPresenceBoard(url: try database.url(as: eve))
        let meiHere = presence(mei), samHere = presence(sam), eveHere = presence(eve)
        try await meiBoard.announce(meiHere, in: id)
        try await samBoard.announce(samHere, in: id)
        #expect(try await samBoard.others(in: id, excluding: samHere.sessionID) == [meiHere], "a viewer is present too")

        #expect(try await eveBoard.others(in: id, excluding: eveHere.sessionID).isEmpty)
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await eveBoard.announce(eveHere, in: id) }
        try await eveBoard.withdraw(meiHere.sessionID, from: id)
        try await samBoard.withdraw(meiHere.sessionID, from: id)
        #expect(try await samBoard.others(in: id, excluding: samHere.sessionID) == [meiHere], "nobody else withdraws a session")

        func refused(as role: String, _ sql: String) -> String? {
            do {
                try database.run("SET ROLE \"\(role)\"; \(sql)")
                return nil
            } catch {
                return "\(error)"
            }
        }
        // Rows a role may not change or delete are not there for it: nothing happens.
        #expect(refused(as: eve, "DELETE FROM presence; UPDATE presence SET entry = '{}'") == nil)
        #expect(refused(as: sam, "DELETE FROM presence WHERE member <> current_user; "
                                 + "UPDATE presence SET entry = '{}' WHERE member <> current_user") == nil)
        let forged = refused(as: eve, "INSERT INTO presence (session_id, wedding_id, entry) VALUES (gen_random_uuid(), '\(id)', '{}')")
        #expect(forged?.contains("new row violates row-level security policy") == true, "\(forged ?? "allowed")")
        let impersonated = refused(as: sam, "INSERT INTO presence (session_id, wedding_id, member, entry) "
                                            + "VALUES (gen_random_uuid(), '\(id)', '\(mei)', '{}')")
        #expect(impersonated?.contains("new row violates row-level security policy") == true, "\(impersonated ?? "allowed")")
        #expect(try await samBoard.others(in: id, excluding: samHere.sessionID) == [meiHere])
        #expect(try await meiBoard.others(in: id, excluding: meiHere.sessionID) == [samHere])

        // A member may remove a dead session's row (stale by the server's clock), and only that.
        try database.run("UPDATE presence SET heartbeat = now() - interval '91 seconds' WHERE session_id = '\(meiHere.sessionID)'")
        try await samBoard.announce(samHere, in: id)
        try database.run("UPDATE presence SET heartbeat = now() WHERE session_id = '\(meiHere.sessionID)'")
        #expect(try await samBoard.others(in: id, excluding: samHere.sessionID).isEmpty, "the viewer's announcement swept it")
        for board in [meiBoard, samBoard, eveBoard] { await board.close() }
    }

    @Test("hostile names and labels (quotes, SQL, NUL, controls, bidi) round-trip verbatim and break nothing")
    func hostileText() async throws {
        let database = try await TestDatabase.make()
        let id = try await wedding(in: database)
        let role = "o'brien \"x\"; DROP TABLE presence; --"
        let mine = PostgresPresenceBoard(url: try await database.url(forAuthor: "Mei"))
        let theirs = PostgresPresenceBoard(url: try await database.url(forAuthor: role))
        let hostile = "O'Brien \"x\"; DROP TABLE presence; -- \u{0}\u{1B}[2J\u{202E}é漢🙂\n'"
        var them = presence(hostile, editing: PresenceSubject(.guest, id: UUID(), label: "'); DELETE FROM weddings; --\u{0}"))
        them.account = hostile + "@host"
        them.pane = "\u{0}'"
        try await theirs.announce(them, in: id)
        let me = presence("Mei")
        let seen = try await mine.others(in: id, excluding: me.sessionID)
        var named = them
        named.name = role
        #expect(seen == [named], "everything as announced but the name, which is the role that announced it")
        #expect(seen.first?.name == role)
        try await mine.announce(me, in: id)
        #expect(try await theirs.others(in: id, excluding: them.sessionID) == [me], "the table is still there")
        await mine.close()
        await theirs.close()
    }

    @Test("the database stopped: announcing does not throw, the others are this machine's; back, the session announces again")
    func offlineFallsBackToThisMachine() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        // This machine has a local copy of the wedding (its folder holds the local presence).
        let here = try TemporaryDataDirectory()
        let tier = try await TieredWeddingHost.open(url, author: "mei", localRoot: here.root, clock: { Fixtures.now })
        let id = try await tier.createWedding(Fixtures.wedding()).weddingID
        let roles = TestDatabase(url: url)
        let mine = TieredPresenceBoard(url: try await roles.url(forAuthor: "Mei"), localRoot: tier.copy.root)
        let neighbour = TieredPresenceBoard(url: try await roles.url(forAuthor: "Ben"), localRoot: tier.copy.root)
        let elsewhere = PostgresPresenceBoard(url: try await roles.url(forAuthor: "Sam"))
        let me = presence("Mei"), next = presence("Ben"), far = presence("Sam")
        try await mine.announce(me, in: id)
        try await neighbour.announce(next, in: id)
        try await elsewhere.announce(far, in: id)
        #expect(try await mine.others(in: id, excluding: me.sessionID).map(\.name).sorted() == ["Ben", "Sam"])
        var changes = mine.changes(in: id).makeAsyncIterator()
        var farChanges = elsewhere.changes(in: id).makeAsyncIterator()

        try cluster.stop(immediately: true)
        var editing = me
        editing.editing = PresenceSubject(.guest, id: UUID(), label: "Ana Ruiz")
        try await mine.announce(editing, in: id)
        #expect(mine.isOffline)
        #expect(try await mine.others(in: id, excluding: me.sessionID).map(\.name) == ["Ben"], "this machine's sessions")
        try await neighbour.withdraw(next.sessionID, from: id)
        #expect(try await mine.others(in: id, excluding: me.sessionID).isEmpty)

        try cluster.start()
        // Nobody announces: the board notices the database is back (its listener listens again)
        // and sends the entry that did not land.
        try await wake(&changes) { !mine.isOffline }
        try await wake(&farChanges) {
            try await elsewhere.others(in: id, excluding: far.sessionID).first { $0.sessionID == me.sessionID }?.editing
                == editing.editing
        }
        #expect(try await mine.others(in: id, excluding: me.sessionID).map(\.name).contains("Sam"))
        for board in [mine, neighbour] { await board.close() }
        await elsewhere.close()
        await tier.close()
        try cluster.stop(immediately: false)
    }

    @Test("a withdrawal the database cannot take yet does not hold up quitting; it lands once the database can")
    func withdrawalDoesNotWait() async throws {
        let database = try await TestDatabase.make()
        let id = try await wedding(in: database)
        let here = try TemporaryDataDirectory()
        let mine = TieredPresenceBoard(database: PostgresPresenceBoard(url: try await database.url(forAuthor: "Mei")),
                                       local: FilePresenceBoard(root: here.root), withdrawalWait: .milliseconds(200))
        let theirs = PostgresPresenceBoard(url: try await database.url(forAuthor: "Sam"))
        let me = presence("Mei"), them = presence("Sam")
        try await mine.announce(me, in: id)
        var changes = theirs.changes(in: id).makeAsyncIterator()
        #expect(await changes.next() != nil)

        // Another session holds the table against writes (reads go on) until told to let go.
        let (locked, lockHeld) = AsyncStream.makeStream(of: Void.self)
        let (release, letGo) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            let link = DatabaseLink(url: database.url, logger: Logger(label: "test"))
            try await link.transaction { connection in
                try await connection.query("LOCK TABLE presence IN SHARE MODE", logger: Logger(label: "test"))
                lockHeld.yield()
                var next = release.makeAsyncIterator()
                _ = await next.next()
            }
            await link.close()
        }
        var held = locked.makeAsyncIterator()
        _ = await held.next()
        try await mine.withdraw(me.sessionID, from: id)
        #expect(try await theirs.others(in: id, excluding: them.sessionID) == [me], "not withdrawn yet: the table is held")

        letGo.yield()
        try await holder.value
        try await wake(&changes) { try await theirs.others(in: id, excluding: them.sessionID).isEmpty }
        await mine.close()
        await theirs.close()
    }

    @Test("a closed board wakes no one: a session arriving on this machine after close is not passed on")
    func closedBoardWakesNoOne() async throws {
        let database = try await TestDatabase.make()
        let here = try TemporaryDataDirectory()
        let copy = try FileStore(root: here.root)
        let id = try await copy.createWedding(Fixtures.wedding()).weddingID
        await copy.close()
        let local = FilePresenceBoard(root: here.root)
        try await local.announce(presence("Ana"), in: id)
        let mine = TieredPresenceBoard(database: PostgresPresenceBoard(url: try await database.url(forAuthor: "Mei")),
                                       local: local, held: true)
        let wakes = Mutex(0)
        let changes = mine.changes(in: id)
        let counting = Task {
            for await _ in changes { wakes.withLock { $0 += 1 } }
        }
        try await local.announce(presence("Bo"), in: id)
        await eventually({ wakes.withLock { $0 } > 0 }, "held, so offline: a session on this machine wakes it")

        await mine.close()
        let woken = wakes.withLock { $0 }
        try await local.announce(presence("Cy"), in: id)
        try await Task.sleep(for: .seconds(1))
        #expect(wakes.withLock { $0 } == woken, "nothing of the board runs after close")
        counting.cancel()
    }

    @Test("the stale threshold in the database's policy is the domain's")
    func staleThreshold() {
        #expect(Presence.staleAfter == .seconds(DatabaseSchema.presenceStaleSeconds))
    }
}
