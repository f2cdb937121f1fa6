import BlueprintDomain
import BlueprintStorage
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
        #expect(meta.contains("\"schemaVersion\" : 2"))
        #expect(try await directory.openStore().read(wedding) { $0.milestones.records.map(\.title) } == ["Save-the-dates sent"])
    }
}
