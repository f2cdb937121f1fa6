import BlueprintDomain
import Foundation
import Testing

@Suite("Presence")
struct PresenceTests {
    let identity = PresenceIdentity(name: "Mei", account: "mei@host", host: "host", pid: 42)
    let start = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    func later(_ seconds: Int64) -> Timestamp { Timestamp(millisecondsSince1970: start.millisecondsSince1970 + seconds * 1000) }

    @Test func anEntryIsStaleOnlyOnceItsHeartbeatIsOlderThanNinetySeconds() {
        let entry = Presence(sessionID: UUID(), identity: identity, started: start, lastHeartbeat: start)
        #expect(!entry.isStale(at: later(30)))
        #expect(!entry.isStale(at: later(90)))
        #expect(entry.isStale(at: later(91)))
    }

    @Test func othersLeaveOutThisSessionAndStaleEntriesOldestArrivalFirst() {
        let me = Presence(sessionID: UUID(), identity: identity, started: start, lastHeartbeat: later(100))
        let sam = Presence(sessionID: UUID(), identity: PresenceIdentity(name: "Sam", account: "sam@h", host: "h", pid: 1),
                           started: later(20), lastHeartbeat: later(100))
        let ana = Presence(sessionID: UUID(), identity: PresenceIdentity(name: "Ana", account: "ana@h", host: "h", pid: 2),
                           started: later(10), lastHeartbeat: later(100))
        let gone = Presence(sessionID: UUID(), identity: PresenceIdentity(name: "Old", account: "old@h", host: "h", pid: 3),
                            started: start, lastHeartbeat: later(5))
        #expect(Presence.others([sam, me, gone, ana], excluding: me.sessionID, at: later(110)).map(\.name) == ["Ana", "Sam"])
    }

    @Test func theSameRecordIsMatchedByKindAndIdWhateverItsLabel() {
        let id = UUID()
        #expect(PresenceSubject(.guest, id: id, label: "Ana").isSameRecord(as: PresenceSubject(.guest, id: id, label: "Ana Ruiz")))
        #expect(!PresenceSubject(.guest, id: id, label: "Ana").isSameRecord(as: PresenceSubject(.vendor, id: id, label: "Ana")))
    }
}
