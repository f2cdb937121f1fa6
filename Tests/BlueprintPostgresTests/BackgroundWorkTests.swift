@testable import BlueprintPostgres
import BlueprintTestDoubles
import Synchronization
import Testing

/// The work a tier part runs behind its callers, held up on a manual clock's sleep (which ends
/// when cancelled, as a database statement's wait would not).
@Suite("Background work of the tier", .timeLimit(.minutes(5)))
struct BackgroundWorkTests {
    /// What the tasks and the test did, in order.
    private final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func note(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test("close cancels a task held up behind a caller and returns once it has ended: what it does on its way out comes before close returns")
    func closeCancelsAndWaits() async {
        let clock = ManualClock()
        let work = BackgroundWork<String>()
        let log = Log()
        #expect(await work.start("revalidating") {
            let cancelled = (try? await clock.sleep(for: .seconds(60))) == nil
            log.note(cancelled ? "revalidating stopped" : "revalidating went on")
        })
        await eventually({ clock.sleepers == 1 }, "the task waits for the clock")

        await work.close()
        log.note("closed")
        #expect(log.all == ["revalidating stopped", "closed"])
        #expect(await work.purposes.isEmpty)
    }

    @Test("once closed, work started or asked for (from synchronous code) never runs")
    func refusesWorkOnceClosed() async {
        let work = BackgroundWork<String>()
        let log = Log()
        await work.close()

        #expect(await !work.start("confirming access") { log.note("confirming access") })
        work.request("following") { log.note("following") }
        // Time for a request taken after all to begin (a sleep, so the pool's threads are free for it).
        try? await Task.sleep(for: .milliseconds(50))
        #expect(log.all.isEmpty)
        #expect(await work.purposes.isEmpty)
    }

    @Test("one task per purpose: another start while it runs is refused; once it ends the purpose starts again")
    func onePerPurpose() async {
        let clock = ManualClock()
        let work = BackgroundWork<String>()
        #expect(await work.start("following") { try? await clock.sleep(for: .seconds(1)) })
        #expect(await !work.start("following") {})
        #expect(await work.start("relaying") { try? await clock.sleep(for: .seconds(1)) })
        #expect(await work.purposes == ["following", "relaying"])

        await eventually({ clock.sleepers == 2 }, "both wait for the clock")
        clock.advance(by: .seconds(1))
        await eventually({ await work.purposes.isEmpty }, "both end")
        #expect(await work.start("following") {})
        await work.close()
    }

    @Test("asked for from synchronous code, work begins in the order asked: a cancel asked after a start ends that task")
    func requestsInOrder() async {
        let clock = ManualClock()
        let work = BackgroundWork<String>()
        let log = Log()
        work.request("waking on this machine") {
            let cancelled = (try? await clock.sleep(for: .seconds(60))) == nil
            log.note(cancelled ? "stopped" : "went on")
        }
        work.request("waking on the database") { try? await clock.sleep(for: .seconds(60)) }
        work.cancel("waking on this machine")

        await eventually({ await work.purposes == ["waking on the database"] }, "the cancelled task ends, the other runs")
        #expect(log.all == ["stopped"])
        await work.close()
        #expect(clock.sleepers == 0)
    }
}
