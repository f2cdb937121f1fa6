import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// Every declared record kind (`WeddingDataset.tableRecordTypes`) is journalled and kept in
/// snapshot files through its declaration alone: a kind added later is covered here as soon as
/// the demo wedding holds one.
@Suite("Every record kind in the file store")
struct RecordKindStorageTests {
    /// A demo wedding, which holds records of every kind.
    static func demo() throws -> WeddingDataset {
        try DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!, guests: 12, vendors: 4,
                                                         tasks: 5, expenses: 4))
    }

    @Test("the demo wedding holds records of every kind, so the tests below cover each")
    func demoHoldsEveryKind() throws {
        let dataset = try Self.demo()
        for type in WeddingDataset.tableRecordTypes {
            #expect(Self.count(type, in: dataset) > 0, "no \(type.kind.noun) in the demo wedding")
        }
    }

    @Test("each kind's saves and deletions read back equal from a journal line, tagged with the kind's name")
    func everyKindRoundTripsThroughTheJournal() throws {
        let dataset = try Self.demo()
        for type in WeddingDataset.tableRecordTypes {
            let mutations = Self.saveAndDelete(type, in: dataset)
            let line = try JournalFormatTests.line(JournalEntry(at: Fixtures.now, operation: "round trip", mutations: mutations))
            #expect(line.contains(#""kind":"\#(type.kind.rawValue)","op":"save""#), "\(type.kind)")
            #expect(line.contains(#""kind":"\#(type.kind.rawValue)","op":"delete""#), "\(type.kind)")
            let read = try StoreJSONDecoder().decode(JournalEntry.self, from: Data(line.utf8))
            #expect(read.mutations == mutations, "\(type.kind)")
        }
    }

    @Test("every kind is kept in exactly one snapshot file and reads back equal from it")
    func everyKindRoundTripsThroughTheSnapshotFiles() throws {
        let dataset = try Self.demo()
        for type in WeddingDataset.tableRecordTypes {
            let holders = SnapshotFile.allCases.filter { file in file.recordTypes.contains { $0.kind == type.kind } }
            #expect(holders == [SnapshotFile(type.kind)], "\(type.kind)")
        }
        var parts = SnapshotParts()
        for file in SnapshotFile.allCases {
            let text = try StoreJSONEncoderTests.streamed { try SnapshotEncoding.write(file, of: dataset, generation: 3, to: $0) }
            let generation = try parts.decode(file, from: text)
            #expect(generation == 3, "\(file)")
        }
        let wedding = try #require(parts.wedding)
        #expect(parts.dataset(wedding: wedding) == dataset)
    }

    @Test("a snapshot file without a member its kinds need is refused, naming the member")
    func aMissingMemberIsRefused() {
        let text = Data(#"{"categories": [], "journalGeneration": 1}"#.utf8)
        let error = #expect(throws: JSONReadError.self) {
            var parts = SnapshotParts()
            _ = try parts.decode(SnapshotFile(.expense), from: text)
        }
        #expect(error?.message.contains("expenses") == true)
    }

    @Test("a journal line with a kind this build does not know is refused, naming the line and the kind")
    func anUnknownKindIsRefusedWithItsLine() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)
        let journalFile = directory.file("journal.jsonl", of: wedding)
        var lines = try String(contentsOfFile: journalFile, encoding: .utf8).split(separator: "\n").map(String.init)
        // Only the mutation's kind: the line's activity summary names the kind too.
        let third = lines[2], mutations = try #require(third.range(of: #""mutations":["#))
        lines[2] = third[..<mutations.upperBound]
            + third[mutations.upperBound...].replacingOccurrences(of: #""kind":"guest""#, with: #""kind":"spaceship""#)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: journalFile))

        let error = await #expect(throws: FileStoreError.self) { try await directory.openStore().read(wedding) { _ in } }
        guard case let .corruptFile(path, line, reason, _)? = error else {
            Issue.record("expected corruptFile, got \(String(describing: error))")
            return
        }
        #expect(path == journalFile)
        #expect(line == 3)
        #expect(reason.contains(#"unknown record kind "spaceship""#))
        #expect(String(describing: error!).contains("\(journalFile) line 3"))
    }

    private static func count<R: TableRecord>(_ type: R.Type, in dataset: WeddingDataset) -> Int {
        dataset[keyPath: R.collection].count
    }

    private static func saveAndDelete<R: TableRecord>(_ type: R.Type, in dataset: WeddingDataset) -> [Mutation] {
        dataset[keyPath: R.collection].records.prefix(2).flatMap { [Mutation.save($0), .delete(R.self, id: $0.id)] }
    }
}
