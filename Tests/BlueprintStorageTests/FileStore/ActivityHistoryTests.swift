import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("The activity feed on the file store", .timeLimit(.minutes(3)))
struct ActivityHistoryTests {
    private func store(_ directory: TemporaryDataDirectory, as author: String) throws -> FileStore {
        try FileStore(root: directory.root, clock: { Fixtures.now }, author: author)
    }

    private func sentences(_ log: ActivityLog) -> [String] {
        log.entries.map { "\($0.author ?? "?") \($0.sentence)" }
    }

    @Test("every commit, this process's and another's, is listed in order with its author, and survives compaction")
    func feedIsTheCommitsInOrder() async throws {
        let directory = try TemporaryDataDirectory()
        let mei = try store(directory, as: "Mei")
        let wedding = try await mei.createWedding(Fixtures.wedding()).weddingID
        let ana = try await mei.write(wedding, operation: "guestCreated") { try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz")) }
        let sam = try store(directory, as: "Sam")
        var edited = ana
        edited.rsvp = .attending
        _ = try await sam.write(wedding, operation: "guestUpdated") { [edited] in try $0.update(edited) }
        _ = try await mei.write(wedding, operation: "guestDeleted") { try $0.delete(Guest.self, id: ana.id) }

        let expected = ["Mei added guest Ana Ruiz", "Sam marked Ana Ruiz attending", "Mei deleted guest Ana Ruiz"]
        #expect(sentences(try await sam.activity(in: wedding)) == expected)
        #expect(try await mei.activity(in: wedding).entries.map(\.operation) == ["guestCreated", "guestUpdated", "guestDeleted"])

        await sam.close()
        await mei.close()
        let journal = try String(contentsOfFile: directory.folder(wedding) + "/journal.jsonl", encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 1, "compaction emptied the journal")
        let reopened = try store(directory, as: "Lee")
        _ = try await reopened.write(wedding, operation: "taskCreated") { try $0.insert(WeddingTask(title: "Book the DJ")) }
        #expect(sentences(try await reopened.activity(in: wedding)) == expected + ["Lee added task Book the DJ"])
    }

    @Test("another process's commit reaches the change feed with its author and its words")
    func externalChangesCarryTheirActivity() async throws {
        let directory = try TemporaryDataDirectory()
        let mei = try store(directory, as: "Mei")
        let wedding = try await mei.createWedding(Fixtures.wedding()).weddingID
        let sam = try store(directory, as: "Sam")
        _ = try await sam.activity(in: wedding)
        var changes = sam.changes(in: wedding).makeAsyncIterator()
        _ = try await mei.write(wedding, operation: "vendorCreated") { try $0.insert(Vendor(name: "Bloom & Vine")) }
        try await sam.catchUp(on: wedding)
        let change = try #require(await changes.next())
        #expect(change.origin == .external && change.author == "Mei")
        #expect(change.activity?.sentence == "added vendor Bloom & Vine")
        #expect(change.activity?.author == "Mei" && change.activity?.at == Fixtures.now)
    }

    @Test("a compaction cut short after keeping the history lists each commit once; an unfinished history line is cut off")
    func historyIsKeptOnce() async throws {
        let directory = try TemporaryDataDirectory()
        let mei = try store(directory, as: "Mei")
        let wedding = try await mei.createWedding(Fixtures.wedding()).weddingID
        _ = try await mei.write(wedding, operation: "guestCreated") { try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz")) }
        let folder = directory.folder(wedding)
        let history = folder + "/activity.jsonl"
        // As if a compaction had kept the history and then stopped before replacing the journal, twice.
        let lines = try ActivityHistory.journalLines(folder + "/journal.jsonl")
        try ActivityHistory.append(lines, to: history, encoder: StoreJSON.lineEncoder())
        let handle = try #require(FileHandle(forWritingAtPath: history))
        handle.seekToEndOfFile()
        handle.write(Data("{\"activity\":{\"cou".utf8))
        try handle.close()
        try ActivityHistory.append(lines, to: history, encoder: StoreJSON.lineEncoder())
        let text = try String(contentsOfFile: history, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2 && text.hasSuffix("\n"), "the unfinished line was cut off")
        let log = try await mei.activity(in: wedding)
        #expect(sentences(log) == ["Mei added guest Ana Ruiz"])
        #expect(log.unreadableLines == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int == 0o600)
    }

    @Test("hostile names are kept as typed in the history (they are sanitised where drawn)")
    func hostileTextRoundTrips() async throws {
        let directory = try TemporaryDataDirectory()
        let mei = try store(directory, as: "Mei \u{1B}[2J")
        let wedding = try await mei.createWedding(Fixtures.wedding()).weddingID
        let name = "Zoë \"'; DROP TABLE guests; --\n\u{202E}"
        _ = try await mei.write(wedding, operation: "guestCreated") { try $0.insert(Guest(firstName: name, lastName: "")) }
        await mei.close()
        let log = try await store(directory, as: "Sam").activity(in: wedding)
        #expect(log.entries.map(\.author) == ["Mei \u{1B}[2J"])
        #expect(log.entries.first?.summary.changes.first?.name == name)
    }
}
