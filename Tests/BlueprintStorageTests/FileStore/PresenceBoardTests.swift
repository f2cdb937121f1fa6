import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestDoubles
import Foundation
import Glibc
import Testing

@Suite("The file presence board", .timeLimit(.minutes(3)))
struct PresenceBoardTests {
    func presence(_ name: String, at time: Timestamp, editing: PresenceSubject? = nil) -> Presence {
        Presence(sessionID: UUID(), identity: PresenceIdentity(name: name, account: "\(name)@host", host: "host", pid: 7),
                 started: time, lastHeartbeat: time, pane: "Guests", editing: editing)
    }

    func presenceFolder(_ directory: TemporaryDataDirectory, _ wedding: WeddingID) -> String {
        directory.root + "/weddings/\(wedding)/presence"
    }

    @Test func twoBoardsOnOneDataDirectorySeeEachOtherAndACleanWithdrawRemovesTheFile() async throws {
        let directory = try TemporaryDataDirectory()
        let (_, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let clock = ManualClock()
        let mine = FilePresenceBoard(root: directory.root, clock: clock), theirs = FilePresenceBoard(root: directory.root, clock: clock)
        let guest = PresenceSubject(.guest, id: UUID(), label: "Ana Ruiz")
        let me = presence("Mei", at: clock.now()), them = presence("Sam", at: clock.now(), editing: guest)
        try await mine.announce(me, in: wedding)
        try await theirs.announce(them, in: wedding)

        #expect(try await mine.others(in: wedding, excluding: me.sessionID) == [them])
        #expect(try await theirs.others(in: wedding, excluding: them.sessionID) == [me])
        let folder = presenceFolder(directory, wedding)
        let file = folder + "/\(them.sessionID.uuidString.lowercased()).json"
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700)

        try await theirs.withdraw(them.sessionID, from: wedding)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try await mine.others(in: wedding, excluding: me.sessionID).isEmpty)
    }

    @Test func anEntryWhoseHeartbeatIsOlderThanNinetySecondsIsNotListed() async throws {
        let directory = try TemporaryDataDirectory()
        let (_, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let clock = ManualClock()
        let mine = FilePresenceBoard(root: directory.root, clock: clock), theirs = FilePresenceBoard(root: directory.root, clock: clock)
        let them = presence("Sam", at: clock.now())
        try await theirs.announce(them, in: wedding)
        clock.advance(by: .seconds(90))
        #expect(try await mine.others(in: wedding, excluding: UUID()).map(\.name) == ["Sam"])
        clock.advance(by: .seconds(1))
        #expect(try await mine.others(in: wedding, excluding: UUID()).isEmpty)
        var renewed = them
        renewed.lastHeartbeat = clock.now()
        try await theirs.announce(renewed, in: wedding)
        #expect(try await mine.others(in: wedding, excluding: UUID()).map(\.name) == ["Sam"])
    }

    @Test func aFileNoLiveSessionHoldsIsIgnoredAndRemoved() async throws {
        let directory = try TemporaryDataDirectory()
        let (_, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let clock = ManualClock()
        let board = FilePresenceBoard(root: directory.root, clock: clock)
        try await board.announce(presence("Mei", at: clock.now()), in: wedding)
        // What a session killed with SIGKILL leaves: its file, with a fresh heartbeat, and no lock on it.
        let dead = presence("Sam", at: clock.now())
        let encoder = JSONEncoder()
        let file = presenceFolder(directory, wedding) + "/\(dead.sessionID.uuidString.lowercased()).json"
        try encoder.encode(dead).write(to: URL(fileURLWithPath: file))

        #expect(try await board.others(in: wedding, excluding: UUID()).map(\.name) == ["Mei"])
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func anArrivalAndADepartureWakeTheOtherBoardsStream() async throws {
        let directory = try TemporaryDataDirectory()
        let (_, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let mine = FilePresenceBoard(root: directory.root), theirs = FilePresenceBoard(root: directory.root)
        var changes = mine.changes(in: wedding).makeAsyncIterator()
        let them = presence("Sam", at: Timestamp(Date()))
        try await theirs.announce(them, in: wedding)
        #expect(await changes.next() != nil)
        #expect(try await mine.others(in: wedding, excluding: UUID()).map(\.name) == ["Sam"])
        try await theirs.withdraw(them.sessionID, from: wedding)
        #expect(await changes.next() != nil)
        #expect(try await mine.others(in: wedding, excluding: UUID()).isEmpty)
    }

    @Test func hostileNamesAndLabelsRoundTripExactly() async throws {
        let directory = try TemporaryDataDirectory()
        let (_, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let board = FilePresenceBoard(root: directory.root)
        let hostile = "Mei\u{1B}[2J\u{202E}\n\"/../x"
        let them = presence(hostile, at: Timestamp(Date()), editing: PresenceSubject(.guest, id: UUID(), label: hostile))
        try await board.announce(them, in: wedding)
        #expect(try await FilePresenceBoard(root: directory.root).others(in: wedding, excluding: UUID()) == [them])
    }

    @Test func aWeddingWithSessionsPresentCanStillBeDeletedAndDoctorFindsNothingWrong() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let board = FilePresenceBoard(root: directory.root)
        try await board.announce(presence("Mei", at: Timestamp(Date())), in: wedding)
        #expect(await StoreInspector.inspect(root: directory.root).allFindings.isEmpty)
        try await store.deleteWedding(wedding)
        #expect(try store.trashedFolders(of: wedding).count == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.root + "/weddings/\(wedding)"))
    }
}
