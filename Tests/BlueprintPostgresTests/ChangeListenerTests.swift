import BlueprintConfiguration
import BlueprintDomain
@testable import BlueprintPostgres
import Foundation
import Logging
import Testing

/// What the listener makes of notices, fed to it without a server.
@Suite("Change notices", .timeLimit(.minutes(3)))
struct ChangeListenerTests {
    @Test("a notice's payload round-trips; anything else is not a notice")
    func payloads() {
        let wedding = WeddingID()
        for event in [ChangeNotice.Event.committed(sequence: 42), .deleted, .moved] {
            let notice = ChangeNotice(wedding: wedding, event: event)
            #expect(ChangeNotice(payload: notice.payload) == notice)
            #expect(notice.payload.utf8.count < 100, "far under NOTIFY's 8000 bytes")
        }
        for garbage in ["", "hello", "\(wedding) ", "\(wedding) -3", "\(wedding) 0", "not-a-uuid 3", "\(wedding) 3 4",
                        "\(wedding) dropped"] {
            #expect(ChangeNotice(payload: garbage) == nil, "\(garbage)")
        }
    }

    @Test("notices that arrive while a wedding catches up make one more catch-up, not one each; others' weddings none")
    func burstFolds() async throws {
        let (calls, called) = AsyncStream.makeStream(of: Int64?.self)
        let (releases, release) = AsyncStream.makeStream(of: Void.self)
        // Nothing to connect to, and no retry before the test ends: only the notices fed here count.
        let url = try DatabaseURL("postgresql:///wedding?host=/nonexistent/socket/dir&user=mei", loginName: "mei")
        let listener = ChangeListener(url: url, logger: Logger(label: "test"), policy: RetryPolicy(
            base: .seconds(3600), cap: .seconds(3600), attempts: nil, sleep: { try await Task.sleep(for: $0) }, random: { 1 }))
        listener.serve(.init(catchUp: { _, sequence in
            called.yield(sequence)
            var next = releases.makeAsyncIterator()
            _ = await next.next()
        }, deleted: { _ in }))
        let watched = WeddingID(), other = WeddingID()
        listener.watch(watched)
        var caughtUp = calls.makeAsyncIterator()

        listener.receive(ChangeNotice(wedding: watched, event: .committed(sequence: 1)).payload)
        #expect(await caughtUp.next() == 1)
        for sequence in Int64(2)...10 { listener.receive(ChangeNotice(wedding: watched, event: .committed(sequence: sequence)).payload) }
        listener.receive(ChangeNotice(wedding: other, event: .committed(sequence: 99)).payload)
        listener.receive("not a notice")
        release.yield()
        #expect(await caughtUp.next() == 10, "2 to 10 folded into one catch-up, to the highest")
        release.yield()
        listener.receive(ChangeNotice(wedding: watched, event: .committed(sequence: 11)).payload)
        #expect(await caughtUp.next() == 11, "no catch-up for 2…9 one by one, none for a wedding not watched")
        release.yield()
        await listener.stop()
    }
}
