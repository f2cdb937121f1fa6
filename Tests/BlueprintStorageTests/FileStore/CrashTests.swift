import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Glibc
import Logging
import Synchronization
import Testing

@Suite("A writer killed at any instant", .timeLimit(.minutes(3)))
struct CrashTests {
    /// Round after round on one wedding, the writer process adds guests (compacting after each)
    /// and is killed with SIGKILL the n-th time (n seeded-random) inotify sees it reach a phase
    /// of a write or a compaction, each phase in turn. Every write it acknowledged must survive,
    /// and every file must still decode.
    @Test(arguments: [UInt64(0xB1E5), 0x5EED_2026])
    func acknowledgedWritesSurviveKills(seed: UInt64) async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...40, to: wedding, in: store)
        await store.close()
        var random = SeededRandom(seed: seed)
        var acknowledged: Set<UUID> = []

        for round in 0..<8 {
            let point = CrashPoint.allCases[round % CrashPoint.allCases.count]
            let occurrence = Int.random(in: 1...3, using: &random)
            let writer = try WriterProcess(["append", directory.root, wedding.description, "1000", "compact"])
            let watcher = try point.killing(writer, at: occurrence, watching: directory.folder(wedding), as: wedding)
            for await line in writer.lines {
                let id = try #require(UUID(uuidString: String(line.dropFirst("ack ".count))), "unexpected output: \(line)")
                acknowledged.insert(id)
            }
            let exit = await writer.exit()
            watcher.stop()
            #expect(exit.killed, "round \(round) (\(point) #\(occurrence)): the writer exited with status \(exit.status)")
        }

        let reopened = try directory.openStore()
        let stored = Set(try await Fixtures.guestIDs(wedding, in: reopened))
        #expect(acknowledged.isSubset(of: stored), "lost: \(acknowledged.subtracting(stored))")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.folder(wedding))
        #expect(!names.contains { $0.contains(".corrupt-") })
        for name in names where name.hasSuffix(".json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory.file(name, of: wedding)))
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: data) }
        }
    }
}

/// Phases of a write and of a compaction, as inotify shows them in the wedding folder.
enum CrashPoint: CaseIterable {
    case appendingToJournal, writingSnapshot, snapshotRenamed, journalReplaced

    func matches(_ event: FolderEvent) -> Bool {
        let modified = event.mask & UInt32(IN_MODIFY) != 0
        let movedIn = event.mask & UInt32(IN_MOVED_TO) != 0
        switch self {
        case .appendingToJournal: return modified && event.name == "journal.jsonl"
        case .writingSnapshot: return modified && event.name.hasPrefix("guests.json")
        case .snapshotRenamed: return movedIn && event.name == "guests.json"
        case .journalReplaced: return movedIn && event.name == "journal.jsonl"
        }
    }

    /// Watches `folder` and kills `writer` on the `occurrence`-th event of this phase.
    func killing(_ writer: WriterProcess, at occurrence: Int, watching folder: String,
                 as wedding: WeddingID) throws -> FolderWatcher {
        let seen = Mutex(0)
        let watcher = try FolderWatcher(mask: UInt32(IN_MODIFY | IN_MOVED_TO), logger: Logger(label: "crash-test")) { events in
            for event in events where matches(event) {
                if seen.withLock({ $0 += 1; return $0 }) == occurrence { writer.kill() }
            }
        }
        watcher.watch(folder, as: wedding)
        return watcher
    }
}
