import BlueprintDomain
import BlueprintStorage
import Foundation
import Testing

@Suite("Schema versions and migrations")
struct SchemaTests {
    /// Version 2 of this test schema capitalises last names that version 1 stored in lower case.
    static let capitalisingSchema = WeddingSchema(version: 2, migrations: [
        SchemaMigration(from: 1) { folder in
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
        #expect(meta.contains("\"schemaVersion\" : 2"))
    }

    @Test func aNewerFolderIsRefusedAndLeftAlone() async throws {
        let directory = try TemporaryDataDirectory()
        let upgraded = try directory.openStore(schema: SchemaTests.capitalisingSchema)
        let wedding = try await upgraded.createWedding(Fixtures.wedding()).weddingID
        await upgraded.close()
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.folder(wedding)).sorted()

        let error = await #expect(throws: FileStoreError.self) { try await directory.openStore().read(wedding) { _ in } }
        #expect(error == .newerSchema(path: directory.file("meta.json", of: wedding), found: 2, supported: 1))
        #expect(String(describing: error!).contains("upgrade blueprint"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.folder(wedding)).sorted() == before)
    }

    @Test func aGapInTheMigrationsIsReported() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        await store.close()

        let gappy = WeddingSchema(version: 3, migrations: [SchemaMigration(from: 2) { _ in }])
        let error = await #expect(throws: FileStoreError.self) {
            try await directory.openStore(schema: gappy).read(wedding) { _ in }
        }
        #expect(error == .missingMigration(path: directory.file("meta.json", of: wedding), fromVersion: 1))
    }
}
