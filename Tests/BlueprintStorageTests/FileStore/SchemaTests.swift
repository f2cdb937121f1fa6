import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Schema versions and migrations")
struct SchemaTests {
    static let current = WeddingSchema.currentVersion

    /// The version after this build's: it capitalises last names that this build stored in lower case.
    static let capitalisingSchema = WeddingSchema(version: current + 1, migrations: (1..<current).map { version in
        SchemaMigration(from: version) { _ in }
    } + [
        SchemaMigration(from: current) { folder in
            guard let data = try folder.read("guests.json") else { return }
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"smith\"", with: "\"Smith\"")
            try folder.write(Data(text.utf8), to: "guests.json")
        },
    ])

    @Test func anOlderFolderIsMigratedOnOpen() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        _ = try await store.write(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(1, lastName: "smith")) }
        await store.close()

        let upgraded = try directory.openStore(schema: SchemaTests.capitalisingSchema)
        #expect(try await upgraded.read(wedding) { $0.guests.records.map(\.lastName) } == ["Smith"])
        let meta = try String(contentsOfFile: directory.file("meta.json", of: wedding), encoding: .utf8)
        #expect(meta.contains("\"schemaVersion\" : \(Self.current + 1)"))
    }

    @Test func aNewerFolderIsRefusedAndLeftAlone() async throws {
        let directory = try TemporaryDataDirectory()
        let upgraded = try directory.openStore(schema: SchemaTests.capitalisingSchema)
        let wedding = try await upgraded.createWedding(Fixtures.wedding()).weddingID
        await upgraded.close()
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.folder(wedding)).sorted()

        let error = await #expect(throws: FileStoreError.self) { try await directory.openStore().read(wedding) { _ in } }
        #expect(error == .newerSchema(path: directory.file("meta.json", of: wedding), found: Self.current + 1,
                                               supported: Self.current))
        #expect(String(describing: error!).contains("upgrade blueprint"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.folder(wedding)).sorted() == before)
    }

    @Test func aGapInTheMigrationsIsReported() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        await store.close()

        let gappy = WeddingSchema(version: Self.current + 2, migrations: [SchemaMigration(from: Self.current + 1) { _ in }])
        let error = await #expect(throws: FileStoreError.self) {
            try await directory.openStore(schema: gappy).read(wedding) { _ in }
        }
        #expect(error == .missingMigration(path: directory.file("meta.json", of: wedding), fromVersion: Self.current))
    }
}

@Suite("Schema 2: the timeline")
struct TimelineSchemaTests {
    @Test("a version-1 folder without timeline.json opens with an empty timeline, is marked version 2, and keeps its guests")
    func aVersionOneFolderOpens() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        _ = try await store.write(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(1)) }
        await store.close()
        let folder = directory.folder(wedding)
        try FileManager.default.removeItem(atPath: folder + "/timeline.json")
        try #"{"format": "blueprint-wedding", "schemaVersion": 1}"#.write(toFile: folder + "/meta.json", atomically: true,
                                                                          encoding: .utf8)

        let reopened = try directory.openStore()
        let (guests, milestones) = try await reopened.read(wedding) { ($0.guests.count, $0.milestones.count) }
        #expect(guests == 1 && milestones == 0)
        let milestone = Milestone(title: "Save-the-dates sent", date: CalendarDate(year: 2027, month: 1, day: 15)!)
        _ = try await reopened.write(wedding, operation: "add milestone") { try $0.insert(milestone) }
        await reopened.close()
        let meta = try String(contentsOfFile: folder + "/meta.json", encoding: .utf8)
        #expect(meta.contains("\"schemaVersion\" : \(WeddingSchema.currentVersion)"))
        #expect(try await directory.openStore().read(wedding) { $0.milestones.records.map(\.title) } == ["Save-the-dates sent"])
    }
}

@Suite("Schema 3: gifts become records")
struct GiftSchemaTests {
    /// A version-2 folder: guests 1–4 in `guests.json` (1 with a gift, 2 with a gift thanked, 4 with
    /// only a thank-you), and a journal that gives guest 3 a gift and deletes guest 2.
    private static func versionTwoFolder() async throws -> (TemporaryDataDirectory, WeddingID) {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...4, to: wedding, in: store)
        await store.close()
        let folder = directory.folder(wedding)
        for name in ["gifts.json", "scenarios.json", "seating.json"] { try FileManager.default.removeItem(atPath: folder + "/" + name) }
        try #"{"format": "blueprint-wedding", "schemaVersion": 2}"#.write(toFile: folder + "/meta.json", atomically: true,
                                                                          encoding: .utf8)
        var guestsFile = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/guests.json")))
                                      as? [String: Any])
        var guests = try #require(guestsFile["guests"] as? [[String: Any]])
        for index in guests.indices {
            guests[index]["giftReceived"] = index == 0 || index == 1
            guests[index]["thankYouSent"] = index == 1 || index == 3
        }
        guestsFile["guests"] = guests
        try JSONSerialization.data(withJSONObject: guestsFile).write(to: URL(fileURLWithPath: folder + "/guests.json"))
        var third = guests[2]
        third["giftReceived"] = true
        third["version"] = 2
        let lines = [
            ["at": "2026-09-21T14:13:20.000Z", "operation": "update guest",
             "mutations": [["kind": "guest", "op": "save", "record": third]]],
            ["at": "2026-09-21T14:13:21.000Z", "operation": "delete guest",
             "mutations": [["kind": "guest", "op": "delete", "id": Fixtures.uuid(2).uuidString]]],
        ]
        let journal = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/journal.jsonl"))
        try journal.seekToEnd()
        for line in lines { try journal.write(contentsOf: JSONSerialization.data(withJSONObject: line) + Data("\n".utf8)) }
        try journal.close()
        return (directory, wedding)
    }

    @Test("the guests' gift flags, as the snapshot and journal last had them, become one gift each, and nothing else changes")
    func flagsBecomeGifts() async throws {
        let (directory, wedding) = try await Self.versionTwoFolder()
        let store = try directory.openStore()
        let (gifts, guests) = try await store.read(wedding) { ($0.gifts.records, $0.guests.records) }
        #expect(guests.map(\.id) == [Fixtures.uuid(1), Fixtures.uuid(3), Fixtures.uuid(4)])
        #expect(gifts.map(\.guestIDs) == [[Fixtures.uuid(1)], [Fixtures.uuid(3)], [Fixtures.uuid(4)]])
        #expect(gifts.map(\.thankYouSent) == [false, false, true])
        #expect(gifts.allSatisfy { $0.version == 1 && $0.receivedOn == nil && $0.validationIssues(in: WeddingDataset(wedding: Fixtures.wedding(), guests: guests)).isEmpty })
        await store.close()
        let meta = try String(contentsOfFile: directory.file("meta.json", of: wedding), encoding: .utf8)
        #expect(meta.contains("\"schemaVersion\" : \(WeddingSchema.currentVersion)"))
        let reopened = try directory.openStore()
        #expect(try await reopened.read(wedding) { $0.gifts.records } == gifts)
        let guestsText = try String(contentsOfFile: directory.file("guests.json", of: wedding), encoding: .utf8)
        #expect(!guestsText.contains("giftReceived") && !guestsText.contains("thankYouSent"))
    }

    @Test("a step stopped after writing the new files runs again without making a second gift")
    func theStepRunsAgainHarmlessly() async throws {
        let (directory, wedding) = try await Self.versionTwoFolder()
        await (try directory.openStore()).close()
        try #"{"format": "blueprint-wedding", "schemaVersion": 2}"#.write(toFile: directory.file("meta.json", of: wedding),
                                                                          atomically: true, encoding: .utf8)
        let store = try directory.openStore()
        #expect(try await store.read(wedding) { $0.gifts.count } == 3)
    }
}
