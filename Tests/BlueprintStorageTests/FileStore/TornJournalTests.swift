import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("A journal line cut off by a crash")
struct TornJournalTests {
    @Test func isIgnoredByReadersAndCutOffByTheNextWriter() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...2, to: wedding, in: store)
        let journalFile = directory.file("journal.jsonl", of: wedding)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journalFile))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"at":"2026-11-21T05:12:39.123Z","mutations":[{"kind":"gu"#.utf8))
        try handle.close()

        let reader = try directory.openStore()
        #expect(try await Fixtures.guestIDs(wedding, in: reader) == [1, 2].map(Fixtures.uuid))

        try await Fixtures.addGuests([3], to: wedding, in: reader)
        let journal = try String(contentsOfFile: journalFile, encoding: .utf8)
        #expect(journal.hasSuffix("\n"))
        #expect(!journal.contains(#""kind":"gu{"#))
        for line in journal.split(separator: "\n") {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
        #expect(try await Fixtures.guestIDs(wedding, in: directory.openStore()) == [1, 2, 3].map(Fixtures.uuid))
    }
}
