import BlueprintDomain
@testable import BlueprintStores
import BlueprintTestDoubles
import Foundation
import Testing

@Suite("Presence model", .timeLimit(.minutes(3)))
@MainActor
struct PresenceModelTests {
    let wedding = WeddingID(UUID())
    let me = PresenceIdentity(name: "Me", account: "me@here", host: "here", pid: 1)

    func other(_ name: String, at time: Timestamp, editing: PresenceSubject? = nil) -> Presence {
        Presence(sessionID: UUID(), identity: PresenceIdentity(name: name, account: "\(name)@there", host: "there", pid: 2),
                 started: time, lastHeartbeat: time, editing: editing)
    }

    @Test func anArrivalOnTheBoardReachesTheModelWithoutAskingInItsTurn() async throws {
        let clock = ManualClock(), board = InMemoryPresenceBoard(clock: clock)
        let model = PresenceModel(board: board, wedding: wedding, identity: me, clock: clock)
        let messages = HeldMessages()
        model.post = messages.hold
        model.start()
        await model.beat()
        let guest = PresenceSubject(.guest, id: UUID(), label: "Ana")
        try await board.announce(other("Mei", at: clock.now(), editing: guest), in: wedding)
        let arrival = await messages.take { if case .presenceRead(let read) = $0 { !read.others.isEmpty } else { false } }
        #expect(model.others.isEmpty, "the arrival shown before its turn")
        guard case .presenceRead(let read) = arrival else { return }
        model.land(read)
        #expect(model.others.map(\.name) == ["Mei"])
        #expect(model.othersEditing(guest).map(\.name) == ["Mei"])
        #expect(model.othersEditing(PresenceSubject(.guest, id: UUID(), label: "Ben")).isEmpty)
        await model.withdraw()
    }

    @Test func eachBeatRenewsThisSessionsHeartbeatAndWithdrawTakesItDown() async throws {
        let clock = ManualClock(), board = InMemoryPresenceBoard(clock: clock)
        let model = PresenceModel(board: board, wedding: wedding, identity: me, clock: clock)
        await model.beat()
        let first = try #require(board.entries(in: wedding).first)
        #expect(first.name == "Me" && first.account == "me@here" && first.sessionID == model.sessionID)
        clock.advance(by: Presence.heartbeat)
        await model.beat()
        #expect(board.entries(in: wedding).first?.lastHeartbeat == clock.now())
        #expect(board.entries(in: wedding).first?.started == first.started)
        await model.withdraw()
        #expect(board.entries(in: wedding).isEmpty)
        await model.beat()
        #expect(board.entries(in: wedding).isEmpty)
    }

    @Test func aBoardThatFailsLeavesTheOthersAsLastKnownAndNeverThrows() async throws {
        let clock = ManualClock()
        let model = PresenceModel(board: FailingBoard(), wedding: wedding, identity: me, clock: clock)
        await model.beat()
        model.setEditing(PresenceSubject(.guest, id: UUID(), label: "Ana"))
        await model.withdraw()
        #expect(model.others.isEmpty)
    }
}

/// A board whose every operation fails, as a full disk or a removed folder would make it.
private struct FailingBoard: PresenceBoard {
    struct Failure: Error {}
    func announce(_ presence: Presence, in wedding: WeddingID) async throws { throw Failure() }
    func withdraw(_ session: UUID, from wedding: WeddingID) async throws { throw Failure() }
    func others(in wedding: WeddingID, excluding session: UUID) async throws -> [Presence] { throw Failure() }
    func changes(in wedding: WeddingID) -> AsyncStream<Void> { AsyncStream { $0.finish() } }
}
