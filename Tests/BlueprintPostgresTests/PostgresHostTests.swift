import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Testing

/// The PostgreSQL host on a real (throwaway) server: what only a shared database can get wrong.
@Suite("PostgreSQL host")
struct PostgresHostTests {
    private func wedding(on host: PostgresWeddingHost) async throws -> WeddingID {
        try await host.createWedding(Wedding(name: "Ana & Ben", totalBudget: Money(minorUnits: 1_000_000))).weddingID
    }

    @Test("migrating twice applies the schema once; the second run changes nothing")
    func migrateTwice() async throws {
        let database = try TestDatabase.unmigrated()
        let first = try await DatabaseSchema.migrate(database.url)
        #expect(first.from == 0 && first.to == DatabaseSchema.currentVersion && first.applied.count == DatabaseSchema.currentVersion)
        let host = try await database.openHost()
        let id = try await wedding(on: host)
        let second = try await DatabaseSchema.migrate(database.url)
        #expect(second.from == DatabaseSchema.currentVersion && second.to == DatabaseSchema.currentVersion)
        #expect(second.applied.isEmpty)
        #expect(try await database.openHost().listWeddings().map(\.weddingID) == [id])
        await host.close()
    }

    @Test("a database without the schema, or with a newer one, is refused with what to do")
    func schemaChecked() async throws {
        let bare = try TestDatabase.unmigrated()
        await #expect(throws: DatabaseSchemaError.missing(url: bare.url.description)) { try await bare.openHost() }
        #expect(DatabaseSchemaError.missing(url: bare.url.description).description.contains("blueprint db migrate"))

        let newer = try await TestDatabase.make()
        try newer.run("INSERT INTO schema_migrations (version) VALUES (\(DatabaseSchema.currentVersion + 1))")
        await #expect(throws: DatabaseSchemaError.newer(url: newer.url.description, found: DatabaseSchema.currentVersion + 1,
                                                        current: DatabaseSchema.currentVersion)) {
            try await newer.openHost()
        }
        await #expect(throws: DatabaseSchemaError.self) { try await DatabaseSchema.migrate(newer.url) }
    }

    @Test("a server that is not there cannot be reached, the error naming it and why")
    func unreachableServer() async throws {
        let url = try DatabaseURL("postgresql:///wedding?host=/nonexistent/socket/dir&user=mei", loginName: "mei")
        do {
            _ = try await PostgresWeddingHost.open(url, localRoot: TestDatabase.documentsRoot)
            Issue.record("opened a database that does not exist")
        } catch let unreachable as DatabaseUnreachable {
            #expect(unreachable.description.contains("/nonexistent/socket/dir cannot be reached (no server is listening"),
                    "\(unreachable)")
        }
    }

    @Test("an edit in one process is seen by the other's next read, and published to it as external")
    func twoHostsSeeEachOther() async throws {
        let database = try await TestDatabase.make()
        let mine = try await database.openHost(author: "ana@laptop")
        let theirs = try await database.openHost(author: "ben@desktop")
        let id = try await wedding(on: mine)
        let myRepositories = Repositories(host: mine, cache: RepositoryCache())
        let theirRepositories = Repositories(host: theirs, cache: RepositoryCache())
        #expect(try await theirRepositories.guests.fetchGuests(in: id).isEmpty)
        var changes = theirRepositories.changes(in: id).makeAsyncIterator()

        let guest = try await myRepositories.guests.createGuest(Guest(firstName: "Mei", lastName: "Lin"), in: id)
        #expect(try await theirs.read(id) { $0.guests.records } == [guest])
        let change = try #require(await changes.next())
        #expect(change.origin == .external && change.author == "ana@laptop")
        #expect(change.records == [RecordChange(.save(guest), previousVersion: nil)])
        // The change reached their cache before it was delivered: their list is fresh.
        #expect(try await theirRepositories.guests.fetchGuests(in: id).records == [guest])

        #expect(change.activity?.sentence == "added guest Mei Lin" && change.activity?.author == "ana@laptop")

        var seated = guest
        seated.table = 2
        let moved = try await myRepositories.guests.updateGuest(seated, in: id)
        try await theirRepositories.catchUp(on: id)
        #expect(try #require(await changes.next()).records == [RecordChange(.save(moved), previousVersion: 1)])
        #expect(try await theirRepositories.guests.fetchGuests(in: id).records == [moved])
        // The activity is the commits, in order, with their authors, whichever process asks.
        _ = try await theirRepositories.guests.deleteGuest(id: guest.id, in: id)
        for host in [mine, theirs] {
            let feed = try await host.activity(in: id).entries.map { "\($0.author ?? "?") \($0.sentence)" }
            #expect(feed == ["ana@laptop added guest Mei Lin", "ana@laptop changed Mei Lin's table to 2", "ben@desktop deleted guest Mei Lin"])
        }
        await mine.close()
        await theirs.close()
    }

    @Test("the same guest edited in two processes: one edit lands, the other is a conflict, nothing is lost")
    func sameGuestFromTwoHosts() async throws {
        let database = try await TestDatabase.make()
        let mine = try await database.openHost()
        let theirs = try await database.openHost()
        let id = try await wedding(on: mine)
        let original = try await mine.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        #expect(try await theirs.read(id) { $0.guests[original.id] } == original)

        var seated = original
        seated.table = 3
        _ = try await mine.write(id, operation: "seat") { [seated] in try $0.update(seated) }
        var moved = original
        moved.table = 7
        await #expect(throws: RepositoryError.conflict(.guest, id: original.id, expected: 1, actual: 2)) {
            try await theirs.write(id, operation: "seat") { [moved] in try $0.update(moved) }
        }
        let fresh = try await database.openHost()
        #expect(try await fresh.read(id) { $0.guests[original.id]?.table } == 3)
        #expect(try await theirs.read(id) { $0.guests[original.id]?.table } == 3)
    }

    @Test("a row changed behind the host's back is a conflict, not an overwrite, and the host reloads")
    func versionCheckedInTheDatabase() async throws {
        let database = try await TestDatabase.make()
        let host = try await database.openHost()
        let id = try await wedding(on: host)
        let guest = try await host.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        // Another writer that bypasses the changes journal (an old client, a hand edit).
        try database.run("""
            UPDATE records SET version = 5, data = replace(data, '"version":1', '"version":5')
            WHERE id = '\(guest.id.uuidString.lowercased())'
            """)
        var seated = guest
        seated.table = 4
        await #expect(throws: RepositoryError.conflict(.guest, id: guest.id, expected: 1, actual: 5)) {
            try await host.write(id, operation: "seat") { [seated] in try $0.update(seated) }
        }
        #expect(try await host.read(id) { $0.guests[guest.id]?.version } == 5)
    }

    @Test("writes and reads of one wedding at once, from one process: every write lands, each published once")
    func concurrentWrites() async throws {
        let database = try await TestDatabase.make()
        let host = try await database.openHost()
        let id = try await wedding(on: host)
        var changes = host.changes(in: id).makeAsyncIterator()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    _ = try await host.write(id, operation: "add") { try $0.insert(Guest(firstName: "Guest", lastName: "\(index)")) }
                }
                group.addTask { _ = try await host.read(id) { $0.guests.count } }
            }
            try await group.waitForAll()
        }
        var published: [UInt64] = []
        for _ in 0..<20 { published.append(try #require(await changes.next()).sequence) }
        #expect(published.sorted() == Array(1...20))
        #expect(try await host.read(id) { $0.guests.count } == 20)
        let fresh = try await database.openHost()
        #expect(try await fresh.read(id) { $0 } == host.read(id) { $0 })
    }

    @Test("hostile text (quotes, SQL, NUL, escapes, newlines) round-trips verbatim")
    func hostileText() async throws {
        let database = try await TestDatabase.make()
        let host = try await database.openHost()
        let id = try await wedding(on: host)
        let hostile = ["O'Brien \"Bob\"", "'; DROP TABLE records; --", "nul\u{0}inside", "back\\slash \\u0000 $1 %s",
                       "line\nbreak\ttab", "\u{1B}[31mred\u{1B}[0m", "مرحبا 👰🏽‍♀️ e\u{301}"]
        var created: [Guest] = []
        for (index, text) in hostile.enumerated() {
            created.append(try await host.write(id, operation: "add") {
                try $0.insert(Guest(firstName: text, lastName: "\(index)", notes: text))
            })
        }
        let fresh = try await database.openHost()
        #expect(try await fresh.read(id) { $0.guests.records } == created)
        #expect(try await fresh.listWeddings().count == 1)
        var renamed = try await fresh.read(id) { $0.wedding }
        renamed.name = "Robert'); DROP TABLE weddings;--\u{0}"
        let saved = try await fresh.write(id, operation: "rename") { [renamed] in try $0.updateWedding(renamed) }
        #expect(try await database.openHost().listWeddings() == [saved])
    }

    @Test("records keep the order they were added in, across edits and reloads, as on files")
    func tableOrder() async throws {
        let database = try await TestDatabase.make()
        let host = try await database.openHost()
        let id = try await wedding(on: host)
        let names = ["Zoe", "Adam", "Mia", "Bo"]
        var guests: [Guest] = []
        for name in names {
            guests.append(try await host.write(id, operation: "add") { try $0.insert(Guest(firstName: name, lastName: "X")) })
        }
        var edited = guests[0]
        edited.lastName = "Edited"
        _ = try await host.write(id, operation: "edit") { [edited] in try $0.update(edited) }
        let gone = guests[2].id
        try await host.write(id, operation: "delete") { try $0.delete(Guest.self, id: gone) }
        let fresh = try await database.openHost()
        #expect(try await fresh.read(id) { dataset in dataset.guests.records.map { $0.firstName } } == ["Zoe", "Adam", "Bo"])
        #expect(try await fresh.read(id) { $0 } == host.read(id) { $0 })
    }

    @Test("deleting a wedding removes its records; another process then finds no wedding")
    func deleteWedding() async throws {
        let database = try await TestDatabase.make()
        let host = try await database.openHost()
        let other = try await database.openHost()
        let id = try await wedding(on: host)
        _ = try await host.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        _ = try await other.read(id) { $0.guests.count }
        try await host.deleteWedding(id)
        #expect(try await other.listWeddings().isEmpty)
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await other.read(id) { $0.guests.count } }
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await host.deleteWedding(id) }
    }

    @Test("a server stopped hard and started again: the next read fails naming it, the one after reconnects")
    func serverRestarted() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        let host = try await PostgresWeddingHost.open(url, localRoot: TestDatabase.documentsRoot)
        let id = try await wedding(on: host)
        _ = try await host.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }

        try cluster.stop(immediately: true)
        do {
            try await host.catchUp(on: id)
            Issue.record("caught up with a server that was stopped")
        } catch let unreachable as DatabaseUnreachable {
            #expect(unreachable.description.contains(cluster.socketDirectory), "\(unreachable)")
        }
        try cluster.start()
        try await host.catchUp(on: id)
        #expect(try await host.read(id) { dataset in dataset.guests.records.map { $0.firstName } } == ["Mei"])
        await host.close()
        try cluster.stop(immediately: false)
    }

    @Test("closing a host while it reads a wedding waits for the read; later statements are refused in words")
    func closeDuringARead() async throws {
        let database = try await TestDatabase.make()
        let writer = try await database.openHost()
        let id = try await wedding(on: writer)
        _ = try await writer.write(id, operation: "import") { transaction in
            for index in 0..<3_000 { try transaction.insert(Guest(firstName: "Guest", lastName: "\(index)")) }
        }
        await writer.close()

        let reader = try await database.openHost()
        let reading = Task { try await reader.read(id) { $0.guests.count } }
        await Task.yield()
        await reader.close()
        // The read went first (it is read whole) or the close did (it is refused in words);
        // never the connection closed under its rows, which PostgresNIO traps on.
        switch await reading.result {
        case let .success(count): #expect(count == 3_000)
        case let .failure(error): #expect("\(error)".contains("closed"), "\(error)")
        }
        do {
            try await reader.catchUp(on: id)
            Issue.record("a closed host read the database")
        } catch let RepositoryError.storage(message) {
            #expect(message.contains("closed"), "\(message)")
        }
    }
}
