import BlueprintConfiguration
import BlueprintDomain
@testable import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import PostgresNIO
import Testing

/// Each role of a shared wedding (its owner, a planner, a viewer, a stranger) connects with
/// PostgresNIO itself, not through blueprint, and attacks the database directly: what holds is
/// what the database enforces (schema 6, `DatabaseSchema.hardening`), whatever program sends the SQL.
///
/// Three minutes bound a hang, not a speed: each test makes its own database, migrates it and makes
/// four roles, and on a busy machine the nine run alongside every other suite's databases.
@Suite("Attacks on a shared wedding, by each role's own connection", .timeLimit(.minutes(3)))
struct AttackTests {
    /// A wedding owned by `owner`, shared with `planner` and `viewer`, with three guests, and
    /// `stranger`, who is no member of it.
    private struct Scene {
        let database: TestDatabase
        let owner: String, planner: String, viewer: String, stranger: String
        let host: PostgresWeddingHost
        let victim: WeddingID
        let guests: [Guest]

        static func make() async throws -> Scene {
            let database = try await TestDatabase.make()
            let (owner, planner) = (try database.makeRole("mei"), try database.makeRole("pat"))
            let (viewer, stranger) = (try database.makeRole("vic"), try database.makeRole("eve"))
            let host = try await database.openHost(as: owner)
            let wedding = try await host.createWedding(Wedding(name: "Mei & Sam", totalBudget: Money(minorUnits: 1_000_000)))
            let guests = try await host.write(wedding.weddingID, operation: "add") { transaction in
                try (1...3).map { try transaction.insert(Guest(firstName: "Guest", lastName: "\($0)")) }
            }
            try await host.share(wedding, with: planner, as: .planner)
            try await host.share(wedding, with: viewer, as: .viewer)
            return Scene(database: database, owner: owner, planner: planner, viewer: viewer, stranger: stranger, host: host,
                         victim: wedding.weddingID, guests: guests)
        }

        /// A connection of `role`'s own.
        func connect(_ role: String) async throws -> RawConnection { try await database.connect(as: role) }

        /// A wedding of `role`'s own, made through blueprint.
        func weddingOwned(by role: String) async throws -> WeddingID {
            let host = try await database.openHost(as: role)
            let wedding = try await host.createWedding(Wedding(name: "Mine", totalBudget: Money(minorUnits: 100)))
            await host.close()
            return wedding.weddingID
        }

        /// The victim's rows of `table`, counted by the superuser (no policy hides any).
        func rows(in table: String) async throws -> Int {
            let admin = try await connect(nil)
            return try await admin.rows("SELECT count(*) FROM \(unescaped: table) WHERE wedding_id = \(victim.rawValue)")
                .first!.decode(Int.self)
        }

        private func connect(_ role: String?) async throws -> RawConnection { try await database.connect(as: role) }

        func close() async { await host.close() }
    }

    /// The server's words when `sql` is refused; nil when it was carried out.
    private func refusal(_ sql: String, on connection: RawConnection) async -> String? {
        do {
            try await connection.run(sql)
            return nil
        } catch let error as PSQLError {
            return error.serverInfo?[.message] ?? "\(error)"
        } catch {
            return "\(error)"
        }
    }

    @Test("a viewer cannot move a shared wedding's records or history into a wedding of its own")
    func viewerCannotMoveRows() async throws {
        let scene = try await Scene.make()
        let theirs = try await scene.weddingOwned(by: scene.viewer)
        let viewer = try await scene.connect(scene.viewer)
        let moved = try await viewer.count(
            "UPDATE records SET wedding_id = '\(theirs)' WHERE wedding_id = '\(scene.victim)' RETURNING 1")
        #expect(moved == 0, "a viewer moved \(moved) records")
        let history = await refusal("UPDATE changes SET wedding_id = '\(theirs)' WHERE wedding_id = '\(scene.victim)'",
                                    on: viewer)
        #expect(history?.contains("permission denied") == true, "\(history ?? "carried out")")
        #expect(try await scene.rows(in: "records") == 3 + 0, "the three guests are still the victim's")
        #expect(try await scene.rows(in: "changes") == 1)
        #expect(try await scene.host.read(scene.victim) { $0.guests.count } == 3)
        await viewer.close()
        await scene.close()
    }

    @Test("a planner of two weddings cannot move rows from one to the other either: a row keeps its wedding")
    func rowsKeepTheirWedding() async throws {
        let scene = try await Scene.make()
        let theirs = try await scene.weddingOwned(by: scene.planner)
        let planner = try await scene.connect(scene.planner)
        let records = await refusal("UPDATE records SET wedding_id = '\(theirs)' WHERE wedding_id = '\(scene.victim)'",
                                    on: planner)
        #expect(records?.contains("wedding_id of a row of records never changes") == true, "\(records ?? "carried out")")
        let changes = await refusal("UPDATE changes SET wedding_id = '\(theirs)' WHERE wedding_id = '\(scene.victim)'",
                                    on: planner)
        #expect(changes?.contains("permission denied") == true, "\(changes ?? "carried out")")
        let key = await refusal("UPDATE records SET id = gen_random_uuid() WHERE wedding_id = '\(scene.victim)'", on: planner)
        #expect(key?.contains("id of a row of records never changes") == true, "\(key ?? "carried out")")
        #expect(try await scene.rows(in: "records") == 3)
        await planner.close()
        await scene.close()
    }

    @Test("a planner cannot make itself owner, and after unsharing reads nothing of the wedding")
    func plannerCannotTakeOwnership() async throws {
        let scene = try await Scene.make()
        let planner = try await scene.connect(scene.planner)
        let creator = await refusal("UPDATE weddings SET created_by = '\(scene.planner)' WHERE id = '\(scene.victim)'",
                                    on: planner)
        #expect(creator?.contains("created_by of a row of weddings never changes") == true, "\(creator ?? "carried out")")
        #expect(try await planner.count("UPDATE wedding_members SET role = 'owner' WHERE member = current_user RETURNING 1") == 0)
        let owner = await refusal("""
            INSERT INTO wedding_members (wedding_id, member, role) VALUES ('\(scene.victim)', '\(scene.planner)', 'owner')
            """, on: planner)
        #expect(owner?.contains("row-level security") == true || owner?.contains("duplicate key") == true, "\(owner ?? "carried out")")

        let wedding = try await scene.host.read(scene.victim) { $0.wedding }
        #expect(try await scene.host.unshare(wedding, from: scene.planner) == .planner)
        #expect(try await planner.count("SELECT 1 FROM weddings") == 0, "nothing of the wedding after unsharing")
        #expect(try await planner.count("SELECT 1 FROM records") == 0)
        let after = try await scene.database.openHost(as: scene.planner)
        #expect(try await after.listWeddings().isEmpty)
        #expect(try await after.accessToWeddings().isEmpty)
        await after.close()
        await planner.close()
        await scene.close()
    }

    @Test("history cannot be forged: a change is signed by the role that wrote it, and is never rewritten or removed")
    func historyIsSigned() async throws {
        let scene = try await Scene.make()
        let planner = try await scene.connect(scene.planner)
        let forged = await refusal("""
            INSERT INTO changes (wedding_id, sequence, at, author, operation, mutations)
            VALUES ('\(scene.victim)', 2, now(), '\(scene.owner)', 'forged', '[]')
            """, on: planner)
        #expect(forged?.contains("row-level security") == true, "\(forged ?? "carried out")")
        #expect(await refusal("UPDATE changes SET author = '\(scene.owner)'", on: planner)?.contains("permission denied") == true)
        #expect(await refusal("DELETE FROM changes", on: planner)?.contains("permission denied") == true)
        #expect(try await scene.host.activity(in: scene.victim).entries.map(\.author) == [scene.owner])

        // Written by blueprint, a planner's change is theirs, whatever its configuration calls them.
        let plannerHost = try await scene.database.openHost(as: scene.planner)
        _ = try await plannerHost.write(scene.victim, operation: "add") { try $0.insert(Guest(firstName: "Pat's", lastName: "Guest")) }
        #expect(try await scene.host.activity(in: scene.victim).entries.map(\.author) == [scene.owner, scene.planner])
        await plannerHost.close()
        await planner.close()
        await scene.close()
    }

    @Test("a change whose rows disagree with the records it names is never applied; the wedding is read from its records")
    func disagreeingChangeNotApplied() async throws {
        let scene = try await Scene.make()
        let other = try await scene.database.openHost(as: scene.owner)
        #expect(try await other.read(scene.victim) { $0.guests.count } == 3)
        var stream = other.changes(in: scene.victim).makeAsyncIterator()
        // The planner appends a change saying a guest was deleted, without deleting it.
        let planner = try await scene.connect(scene.planner)
        let lie = String(decoding: try RecordJSON.encode([.delete(Guest.self, id: scene.guests[0].id)]), as: UTF8.self)
        try await planner.run("BEGIN")
        try await planner.run("UPDATE weddings SET last_sequence = 2 WHERE id = '\(scene.victim)'")
        _ = try await planner.rows("""
            INSERT INTO changes (wedding_id, sequence, at, author, operation, mutations)
            VALUES (\(scene.victim.rawValue), 2, now(), current_user, 'delete guest', \(lie))
            """)
        try await planner.run("COMMIT")

        try await other.catchUp(on: scene.victim)
        #expect(try await other.read(scene.victim) { $0.guests[scene.guests[0].id] } == scene.guests[0],
                "the guest is still there: the records say so")
        // Changes are published in order: the next is the owner's real one, not the lie before it.
        _ = try await scene.host.write(scene.victim, operation: "add") { try $0.insert(Guest(firstName: "Real", lastName: "One")) }
        try await other.catchUp(on: scene.victim)
        #expect(await stream.next()?.operation == "add")
        #expect(try await other.read(scene.victim) { $0.guests.count } == 4)
        await planner.close()
        await other.close()
        await scene.close()
    }

    @Test("presence cannot be spoofed: a viewer's session is named by its own role, and rows are each role's own")
    func presenceNotSpoofed() async throws {
        let scene = try await Scene.make()
        let ownerBoard = PostgresPresenceBoard(url: try scene.database.url(as: scene.owner))
        let viewerBoard = PostgresPresenceBoard(url: try scene.database.url(as: scene.viewer))
        let now = Timestamp(Date())
        let claim = Presence(sessionID: UUID(), identity: PresenceIdentity(name: scene.owner, account: "\(scene.owner)@host",
                                                                         host: "host", pid: 1),
                             started: now, lastHeartbeat: now)
        try await viewerBoard.announce(claim, in: scene.victim)
        let seen = try await ownerBoard.others(in: scene.victim, excluding: UUID())
        #expect(seen.map(\.name) == [scene.viewer], "shown as the viewer it is, not as the owner it claimed to be")

        let viewer = try await scene.connect(scene.viewer)
        let renamed = await refusal("UPDATE presence SET member = '\(scene.owner)' WHERE member = current_user", on: viewer)
        #expect(renamed?.contains("member of a row of presence never changes") == true, "\(renamed ?? "carried out")")
        let inserted = await refusal("""
            INSERT INTO presence (session_id, wedding_id, member, entry)
            VALUES (gen_random_uuid(), '\(scene.victim)', '\(scene.owner)', '{}')
            """, on: viewer)
        #expect(inserted?.contains("row-level security") == true, "\(inserted ?? "carried out")")
        await viewer.close()
        await ownerBoard.close()
        await viewerBoard.close()
        await scene.close()
    }

    @Test("stored settings and records are checked; one wedding that does not read stops no other")
    func brokenRowStopsNoOther() async throws {
        let scene = try await Scene.make()
        let own = try await scene.weddingOwned(by: scene.planner)
        let planner = try await scene.connect(scene.planner)
        let empty = await refusal("UPDATE weddings SET record = '{}' WHERE id = '\(scene.victim)'", on: planner)
        #expect(empty?.contains("record_names_its_wedding") == true, "\(empty ?? "carried out")")
        let foreign = await refusal("UPDATE records SET data = '{\"id\": \"\(UUID())\"}' WHERE wedding_id = '\(scene.victim)'",
                                    on: planner)
        #expect(foreign?.contains("data_names_its_record") == true, "\(foreign ?? "carried out")")
        let notJSON = await refusal("UPDATE records SET data = 'not json' WHERE wedding_id = '\(scene.victim)'", on: planner)
        #expect(notJSON?.contains("json") == true, "\(notJSON ?? "carried out")")

        // JSON that names the wedding but is no wedding blueprint can read: allowed by the database,
        // and then left out of the list, alone.
        try await planner.run("UPDATE weddings SET record = '{\"id\": \"\(scene.victim)\"}' WHERE id = '\(scene.victim)'")
        let plannerHost = try await scene.database.openHost(as: scene.planner)
        #expect(try await plannerHost.listWeddings().map(\.weddingID) == [own])
        #expect(try await plannerHost.unreadableWeddings().map(\.id) == [scene.victim], "named for doctor to report")
        #expect(try await plannerHost.read(own) { $0.wedding.name } == "Mine")
        await #expect(throws: RepositoryError.self) { try await plannerHost.read(scene.victim) { $0.guests.count } }
        await plannerHost.close()
        await planner.close()
        await scene.close()
    }

    @Test("a stranger who listens hears no wedding's notices, and cannot read a wedding's channel")
    func strangerHearsNothing() async throws {
        let scene = try await Scene.make()
        let stranger = try await scene.connect(scene.stranger)
        #expect(try await stranger.count("SELECT channel FROM weddings") == 0)
        let heard = try await heardBeforeSentinel(on: ["blueprint_changes", "blueprint_presence"], by: stranger, scene: scene) {
            _ = try await scene.host.write(scene.victim, operation: "add") { try $0.insert(Guest(firstName: "New", lastName: "One")) }
            let board = PostgresPresenceBoard(url: try scene.database.url(as: scene.owner))
            let now = Timestamp(Date())
            try await board.announce(Presence(sessionID: UUID(), identity: PresenceIdentity(name: "x", account: "x", host: "h", pid: 1),
                                              started: now, lastHeartbeat: now), in: scene.victim)
            await board.close()
        }
        #expect(heard.isEmpty, "\(heard)")
        await stranger.close()
        await scene.close()
    }

    @Test("unsharing moves the wedding's channel: the former planner hears it moved, then nothing; members follow it")
    func unsharingMovesTheChannel() async throws {
        let scene = try await Scene.make()
        let planner = try await scene.connect(scene.planner)
        let channel = try await planner.rows("SELECT channel FROM weddings WHERE id = \(scene.victim.rawValue)")
            .first!.decode(String.self)
        let follower = try await scene.database.openHost(as: scene.viewer)
        _ = try await follower.read(scene.victim) { $0.guests.count }
        var changes = follower.changes(in: scene.victim).makeAsyncIterator()
        while follower.connection(scene.victim) != .live { try await Task.sleep(for: .milliseconds(10)) }

        let heard = try await heardBeforeSentinel(on: [channel], by: planner, scene: scene) {
            let wedding = try await scene.host.read(scene.victim) { $0.wedding }
            try await scene.host.unshare(wedding, from: scene.planner)
            _ = try await scene.host.write(scene.victim, operation: "add") { try $0.insert(Guest(firstName: "After", lastName: "Unshare")) }
        }
        #expect(heard == ["\(scene.victim) moved"], "only that it moved; nothing of the commit after")
        #expect(try await planner.count("SELECT channel FROM weddings") == 0)
        var arrived: RepositoryChange?
        repeat { arrived = await changes.next() } while arrived?.operation != "add" && arrived != nil
        #expect(arrived?.records?.first?.mutation.savedRecord(as: Guest.self)?.firstName == "After",
                "the viewer still follows the wedding on its new channel")
        await follower.close()
        await planner.close()
        await scene.close()
    }

    /// What `connection` hears on `channels` while `act` runs, up to a sentinel the superuser
    /// sends on each channel afterwards: notices arrive in the order they were committed, so the
    /// sentinel's arrival proves that nothing more is coming from `act`.
    private func heardBeforeSentinel(on channels: [String], by connection: RawConnection, scene: Scene,
                                     _ act: @escaping @Sendable () async throws -> Void) async throws -> [String] {
        try await listen(on: channels[...], connection.connection, gathered: []) { sequences in
            let sentinel = "sentinel " + UUID().uuidString
            try await act()
            let admin = try await scene.database.connect()
            for channel in channels { _ = try await admin.rows("SELECT pg_notify(\(channel), \(sentinel))") }
            await admin.close()
            var heard: [String] = []
            for notices in sequences {
                for try await notice in notices {
                    if notice.payload == sentinel { break }
                    heard.append(notice.payload)
                }
            }
            return heard
        }
    }

    private func listen(on channels: ArraySlice<String>, _ connection: PostgresConnection,
                        gathered: [PostgresNotificationSequence],
                        _ body: @escaping @Sendable ([PostgresNotificationSequence]) async throws -> [String])
        async throws -> [String] {
        guard let channel = channels.first else { return try await body(gathered) }
        return try await connection.listen(on: channel) { notices in
            try await listen(on: channels.dropFirst(), connection, gathered: gathered + [notices], body)
        }
    }
}
