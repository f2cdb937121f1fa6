import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// `blueprint wedding push` and `pull`: a wedding moved between a data directory and a real
/// (throwaway) database whole, or not at all.
@Suite("Wedding push and pull")
struct WeddingTransferTests {
    /// A data directory holding a small demo wedding (documents too) that has seen edits,
    /// deletions and hostile text, so versions, order and every kind are exercised.
    private func localWedding(in directory: TemporaryDataDirectory) async throws -> (FileStore, WeddingID) {
        let store = try directory.openStore()
        let repositories = Repositories(host: store, cache: RepositoryCache())
        let options = DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!, guests: 12, vendors: 3, tasks: 4)
        let id = try await repositories.weddings.createDemoWedding(options, documents: repositories.documents).weddingID
        let hostile = ["O'Brien \"Bob\"", "'; DROP TABLE records; --", "nul\u{0}inside", "back\\slash \\u0000 $1 %s",
                       "line\nbreak\ttab", "\u{1B}[31mred\u{1B}[0m", "مرحبا 👰🏽‍♀️ e\u{301}"]
        for text in hostile {
            _ = try await store.write(id, operation: "add") { try $0.insert(Guest(firstName: text, lastName: "X", notes: text)) }
        }
        var guests = try await store.read(id) { $0.guests.records }
        guests[0].notes = "edited once"
        _ = try await store.write(id, operation: "edit") { [edited = guests[0]] in try $0.update(edited) }
        let gone = guests[3].id
        try await store.write(id, operation: "delete") { try $0.delete(Guest.self, id: gone) }
        var wedding = try await store.read(id) { $0.wedding }
        wedding.name = "Ana's \"Big\" Day; DROP\u{0}"
        _ = try await store.write(id, operation: "rename") { [wedding] in try $0.updateWedding(wedding) }
        return (store, id)
    }

    /// What `body` finds in the database through a host of its own, closed afterwards (the
    /// test cluster's connections are shared by every test).
    private func inDatabase<T>(_ database: TestDatabase, _ body: (PostgresWeddingHost) async throws -> T) async throws -> T {
        let host = try await database.openHost()
        do {
            let result = try await body(host)
            await host.close()
            return result
        } catch {
            await host.close()
            throw error
        }
    }

    @Test("local → push → pull into another data directory gives the same wedding, record for record, with hostile text")
    func roundTrip() async throws {
        let database = try await TestDatabase.make()
        let here = try TemporaryDataDirectory()
        let (local, id) = try await localWedding(in: here)
        let original = try await local.read(id) { $0 }
        #expect(original.guests.records.contains { $0.version == 2 } && original.wedding.version == 2)
        #expect(!original.documents.records.isEmpty && !original.vendors.records.isEmpty)

        let host = try await PostgresWeddingHost.open(database.url, localRoot: here.root)
        let pushed = try await host.push(id, from: local)
        #expect(pushed == original.wedding)
        #expect(try await inDatabase(database) { try await $0.read(id) { $0 } } == original)
        let activity = try await inDatabase(database) { try await $0.activity(in: id).entries }
        #expect(activity.count == 1)
        #expect(activity.first?.operation == "pushed from \(here.root)" && activity.first?.author == host.author)
        // The documents' files travel too: the database has every one.
        #expect(try await host.contentHashes(in: id) == Set(original.documents.records.map(\.sha256)))
        #expect(try await local.read(id) { $0 } == original, "the data directory keeps its wedding")

        let there = try TemporaryDataDirectory()
        let elsewhere = try there.openStore()
        let pulled = try await host.pull(id, into: elsewhere)
        #expect(pulled == original.wedding)
        #expect(try await there.openStore().read(id) { $0 } == original)
        #expect(try await there.openStore().listWeddings() == [original.wedding])

        // The pulled copy is an ordinary wedding: it takes edits, version-checked as ever.
        var guest = original.guests.records[1]
        guest.table = 9
        let edited = try await elsewhere.write(id, operation: "seat") { [guest] in try $0.update(guest) }
        #expect(edited.version == original.guests.records[1].version + 1)
        await host.close()
    }

    @Test("pushing a wedding the database has, or pulling one the data directory has, is refused and changes nothing")
    func refusals() async throws {
        let database = try await TestDatabase.make()
        let here = try TemporaryDataDirectory()
        let (local, id) = try await localWedding(in: here)
        let host = try await PostgresWeddingHost.open(database.url, localRoot: here.root)
        _ = try await host.push(id, from: local)
        let pushed = try await inDatabase(database) { try await $0.read(id) { $0 } }

        _ = try await local.write(id, operation: "add") { try $0.insert(Guest(firstName: "Late", lastName: "Comer")) }
        let name = try await local.read(id) { $0.wedding.name }
        await #expect(throws: WeddingTransferError.alreadyInDatabase(name: name, database: database.url.description)) {
            try await host.push(id, from: local)
        }
        #expect(try await inDatabase(database) { try await $0.read(id) { $0 } } == pushed)
        #expect(try await inDatabase(database) { try await $0.activity(in: id).entries.count } == 1)

        let before = here.allPaths(below: here.root).filter { !$0.hasSuffix("/lock") }
        let localData = try await local.read(id) { $0 }
        await #expect(throws: WeddingTransferError.alreadyInDataDirectory(name: name, root: local.root)) {
            try await host.pull(id, into: local)
        }
        #expect(here.allPaths(below: here.root).filter { !$0.hasSuffix("/lock") } == before)
        #expect(try await here.openStore().read(id) { $0 } == localData)
        #expect(WeddingTransferError.alreadyInDatabase(name: "A", database: "db").description.contains("nothing was pushed"))
        await host.close()
    }

    @Test("a push that fails midway leaves nothing in the database")
    func pushIsAtomic() async throws {
        let database = try await TestDatabase.make()
        let here = try TemporaryDataDirectory()
        let (local, id) = try await localWedding(in: here)
        // The last statement of the push (its `changes` row) fails, after the wedding and its records.
        try database.run("""
            CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$;
            CREATE TRIGGER refuse BEFORE INSERT ON changes FOR EACH ROW EXECUTE FUNCTION refuse();
            """)
        let host = try await PostgresWeddingHost.open(database.url, localRoot: here.root)
        await #expect(throws: RepositoryError.self) { try await host.push(id, from: local) }
        #expect(try await inDatabase(database) { try await $0.listWeddings() }.isEmpty)
        try database.run("DROP TRIGGER refuse ON changes")
        _ = try await host.push(id, from: local)
        let expected = try await local.read(id) { $0 }
        #expect(try await inDatabase(database) { try await $0.read(id) { $0 } } == expected)
        await host.close()
    }
}
