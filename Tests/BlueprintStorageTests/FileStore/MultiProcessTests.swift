import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Several processes on one wedding", .timeLimit(.minutes(3)))
struct MultiProcessTests {
    /// Two processes each add 1 to a shared amount many times, reading and then writing at the
    /// version read, retrying on conflict. Every increment must count.
    @Test func twoWritersLoseNoUpdate() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let counter = try await store.write(wedding, operation: "add category") {
            try $0.insert(BudgetCategory(name: "Counter"))
        }
        await store.close()

        let increments = 25
        let arguments = ["increment", directory.root, wedding.description, counter.id.uuidString, "\(increments)"]
        let writers = try [WriterProcess(arguments), WriterProcess(arguments)]
        for writer in writers {
            var output: [String] = []
            for await line in writer.lines { output.append(line) }
            let exit = await writer.exit()
            #expect(exit.status == 0 && !exit.killed)
            #expect(output.last?.hasPrefix("done ") == true)
        }

        let final = try await directory.openStore().read(wedding) { $0.categories[counter.id] }
        #expect(final?.allocated == Money(minorUnits: Int64(2 * increments)))
        #expect(final?.version == 1 + 2 * increments)
    }

    @Test func aStoreSeesAnotherStoresWriteBeforeItsOwnVersionCheck() async throws {
        let directory = try TemporaryDataDirectory()
        let (first, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests([1], to: wedding, in: first)
        let second = try directory.openStore()
        let stale = try #require(try await second.read(wedding) { $0.guests[Fixtures.uuid(1)] })

        var edited = stale
        edited.notes = "first"
        _ = try await first.write(wedding, operation: "update guest") { [edited] in try $0.update(edited) }
        var conflicting = stale
        conflicting.notes = "second"
        let error = await #expect(throws: RepositoryError.self) {
            try await second.write(wedding, operation: "update guest") { [conflicting] in try $0.update(conflicting) }
        }
        #expect(error == .conflict(.guest, id: Fixtures.uuid(1), expected: 1, actual: 2))
        #expect(try await second.read(wedding) { $0.guests[Fixtures.uuid(1)]?.notes } == "first")
    }
}
