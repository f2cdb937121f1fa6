import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Testing

/// A database's weddings opened from their local copy (`TieredWeddingHost.Start.fromTheCopy`,
/// the planner's way): the copy answers first and the database is reached behind it.
@Suite("Tiered host opened from its local copy")
struct TieredStartTests {
    private func tier(_ url: DatabaseURL, in directory: TemporaryDataDirectory, author: String = "mei",
                      start: TieredWeddingHost.Start) async throws -> TieredWeddingHost {
        try await TieredWeddingHost.open(url, author: author, localRoot: directory.root, start: start, clock: { Fixtures.now })
    }

    /// A wedding created in the database at `url` through a tier on a new data directory (so
    /// copied there), `prepare`d while that tier is open, which is then closed.
    private func copiedWedding<T>(on url: DatabaseURL,
                                  _ prepare: (TieredWeddingHost, WeddingID) async throws -> T)
        async throws -> (directory: TemporaryDataDirectory, id: WeddingID, prepared: T) {
        let directory = try TemporaryDataDirectory()
        let first = try await tier(url, in: directory, start: .connectingFirst)
        let id = try await first.createWedding(Fixtures.wedding()).weddingID
        let prepared = try await prepare(first, id)
        await first.close()
        return (directory, id, prepared)
    }

    private func copiedWedding(on url: DatabaseURL) async throws -> (directory: TemporaryDataDirectory, id: WeddingID) {
        let (directory, id, _) = try await copiedWedding(on: url) { _, _ in }
        return (directory, id)
    }

    /// Waits for `condition`, polling: up to 30 s, a bound for what never comes, not a speed
    /// check (a private cluster restarting on a busy machine takes seconds).
    private func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<600 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// The first change on `changes` that `matches`, if one comes within 10 s.
    private func firstChange(on changes: AsyncStream<RepositoryChange>,
                             where matches: @escaping @Sendable (RepositoryChange) -> Bool) async -> RepositoryChange? {
        await withTaskGroup(of: RepositoryChange?.self) { group in
            group.addTask {
                for await change in changes where matches(change) { return change }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test("opened from the copy, the wedding reads at once; the database is reached only once told (the first frame shown), then it goes live and another machine's edit reaches the copy")
    func opensFromTheCopyThenGoesLive() async throws {
        let database = try await TestDatabase.make()
        let (directory, id, mei) = try await copiedWedding(on: database.url) { first, id in
            try await first.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        }

        let host = try await tier(database.url, in: directory, start: .fromTheCopy)
        let changes = host.changes(in: id)
        #expect(try await host.listWeddings().map(\.weddingID) == [id])
        #expect(try await host.read(id) { $0.guests.records } == [mei])
        #expect(try await host.accessRights(to: id) == WeddingAccess(role: .planner), "never said here: a planner's, meanwhile")
        try await Task.sleep(for: .milliseconds(300))
        #expect(host.connection(id) == .connecting, "nothing read asked for the database before the first frame")

        host.connect()
        #expect(try await eventually { host.connection(id) == .live })

        let other = try await database.openHost(author: "ben")
        let bo = try await other.write(id, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }
        let change = await firstChange(on: changes) { $0.author == "ben" }
        #expect(change?.origin == .external)
        #expect(try await host.read(id) { $0.guests.records.map(\.id) } == [mei.id, bo.id])
        await other.close()
        await host.close()
    }

    @Test("opened from the copy with the server down, then the server starts: the host goes live and follows the database")
    func offlineStartFollowsOnceTheServerAnswers() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        let (directory, id) = try await copiedWedding(on: url)

        try cluster.stop(immediately: true)
        for start in [TieredWeddingHost.Start.fromTheCopy, .connectingFirst] {
            let host = try await tier(url, in: directory, start: start)
            host.connect()
            let changes = host.changes(in: id)
            #expect(try await eventually { host.connection(id) == .offline(lastSynced: Fixtures.now) },
                    "offline, synced when the wedding was made (\(start))")
            #expect(try await host.read(id) { $0.wedding.weddingID } == id)

            try cluster.start()
            #expect(try await host.reconnect())
            #expect(try await eventually { host.connection(id) == .live }, "\(start)")
            let other = try await TestDatabase(url: url).openHost(author: "ben")
            let bo = try await other.write(id, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }
            #expect(await firstChange(on: changes) { $0.author == "ben" } != nil,
                    "another machine's commit is followed after the start (\(start))")
            #expect(try await host.read(id) { $0.guests[bo.id] } == bo)
            _ = try await other.write(id, operation: "remove") { try $0.delete(Guest.self, id: bo.id) }
            await other.close()
            await host.close()
            try cluster.stop(immediately: true)
        }
    }

    @Test("what the database last said of your access is kept beside the copy, for a start without it")
    func accessKeptForAnOfflineStart() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        let (directory, id, access) = try await copiedWedding(on: url) { first, id in
            _ = try await first.read(id) { $0.wedding }
            return try await first.accessRights(to: id)
        }
        #expect(access == .owner)

        try cluster.stop(immediately: true)
        let offline = try await tier(url, in: directory, start: .fromTheCopy)
        #expect(try await offline.accessRights(to: id) == .owner, "not a planner's rights, the default for a role never said")
        await offline.close()
    }

    @Test("opened from the copy, the role last said is answered at once; one changed since is found behind and announced")
    func accessConfirmedBehind() async throws {
        let database = try await TestDatabase.make()
        let (directory, id, (access, kept)) = try await copiedWedding(on: database.url) { first, id in
            (try await first.accessRights(to: id), first.copy.folderPath(of: id) + "/access.json")
        }
        #expect(access == .owner)
        // What an earlier session was told, since changed: a viewer's rights.
        try Data(#"{"role":"viewer","owner":"ben"}"#.utf8).write(to: URL(fileURLWithPath: kept))

        let host = try await tier(database.url, in: directory, start: .fromTheCopy)
        var connections = host.connectionChanges(in: id).makeAsyncIterator()
        #expect(try await host.accessRights(to: id) == WeddingAccess(role: .viewer, owner: "ben"), "answered at once")
        host.connect()
        #expect(try await eventually { try await host.accessRights(to: id) == .owner }, "confirmed behind")
        #expect(await connections.next() != nil, "the change is announced, for the session to ask again")
        await host.close()
    }

    @Test("a wedding named but not copied here yet is found once the database answers")
    func weddingNotCopiedIsFoundByName() async throws {
        let database = try await TestDatabase.make()
        let other = try await database.openHost(author: "ben")
        var named = Fixtures.wedding()
        named.name = "Alpha & Beta"
        let alpha = try await other.createWedding(named)
        named = Fixtures.wedding()
        named.name = "Gamma & Delta"
        let gamma = try await other.createWedding(named)
        await other.close()

        let directory = try TemporaryDataDirectory()
        let first = try await tier(database.url, in: directory, start: .connectingFirst)
        _ = try await first.read(gamma.weddingID) { $0.wedding }
        await first.close()

        let host = try await tier(database.url, in: directory, start: .fromTheCopy)
        let repositories = Repositories(host: host, cache: RepositoryCache())
        #expect(try await repositories.weddings.findWedding("alpha & beta").weddingID == alpha.weddingID)
        #expect(try await host.listAllWeddings().map(\.weddingID) == [alpha.weddingID, gamma.weddingID])
        await host.close()
    }

    @Test("a database of a newer schema found behind the copy: the copy still reads, and every write is refused with why")
    func newerSchemaFoundBehind() async throws {
        let database = try await TestDatabase.make()
        let (directory, id) = try await copiedWedding(on: database.url)
        try database.run("INSERT INTO schema_migrations (version) VALUES (\(DatabaseSchema.currentVersion + 1))")

        let host = try await tier(database.url, in: directory, start: .fromTheCopy)
        #expect(try await host.read(id) { $0.wedding.weddingID } == id)
        let refusal = DatabaseSchemaError.newer(url: database.url.description, found: DatabaseSchema.currentVersion + 1,
                                                current: DatabaseSchema.currentVersion)
        await #expect(throws: RepositoryError.storage(refusal.description)) {
            try await host.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        }
        #expect(try await host.queued(in: id).isEmpty, "nothing is queued for a database it must not write to")
        await host.close()
    }
}
