import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Wedding names never reach file paths")
struct HostileNameTests {
    @Test func namesLikePathsAreStoredAsTextAndFoldersAreIDs() async throws {
        let directory = try TemporaryDataDirectory()
        let store = try directory.openStore()
        let names = ["../x", "/etc", "a\u{0}b", "..", "../../../../tmp/escape", "~root", "two\nlines", "C:\\x"]
        var created: [WeddingID] = []
        for name in names {
            created.append(try await store.createWedding(Fixtures.wedding(name)).weddingID)
        }

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.scratch) == ["data"])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.root)) == ["weddings", "index.json", "index.lock"])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.root + "/weddings"))
                == Set(created.map(\.description)))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/escape"))

        let reopened = try directory.openStore()
        #expect(Set(try await reopened.listWeddings().map(\.name)) == Set(names))
        for (id, name) in zip(created, names) {
            #expect(try await reopened.read(id) { $0.wedding.name } == name)
        }
    }
}
