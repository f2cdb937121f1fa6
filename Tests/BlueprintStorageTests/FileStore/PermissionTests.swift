import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Files are private to their owner")
struct PermissionTests {
    @Test func everyFolderIs0700AndEveryFile0600() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory, compactionFloorBytes: 1)
        try await Fixtures.addGuests(1...5, to: wedding, in: store)
        let doomed = try await store.createWedding(Fixtures.wedding("Doomed"))
        try await store.deleteWedding(doomed.weddingID)
        await store.close()
        try Data("not json".utf8).write(to: URL(fileURLWithPath: directory.file("vendors.json", of: wedding)))
        await #expect(throws: FileStoreError.self) { try await directory.openStore().read(wedding) { _ in } }

        let paths = [directory.root] + directory.allPaths(below: directory.root)
        #expect(paths.contains { $0.contains("/trash/") }, "the deleted wedding is in the trash")
        #expect(paths.contains { $0.contains(".corrupt-") }, "the corrupt file was kept aside")
        for path in paths where path != directory.file("vendors.json", of: wedding) {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? Int ?? -1) & 0o777
            let isFolder = attributes[.type] as? FileAttributeType == .typeDirectory
            #expect(mode == (isFolder ? 0o700 : 0o600), "\(path) has mode \(String(mode, radix: 8))")
        }
    }
}
