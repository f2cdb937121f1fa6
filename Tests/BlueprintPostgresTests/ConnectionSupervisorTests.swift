@testable import BlueprintPostgres
import BlueprintTestDoubles
import Synchronization
import Testing

/// The tiered host's connection supervisor, with a fake database and a manual clock: its first
/// attempt, its retries while the database cannot be reached, `reconnect()` and closing.
@Suite("Connection supervisor")
struct ConnectionSupervisorTests {
    /// A database host, told apart by name.
    final class FakeDatabase: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// What the database answers, in turn, and what the supervisor told.
    final class Script: Sendable {
        private struct State {
            var opens: [Result<FakeDatabase, any Error>]
            var probes: [DatabaseUnreachable?] = []
            var opened = 0
            var probed = 0
            var closed: [String] = []
            var told: [String] = []
        }

        private let state: Mutex<State>

        init(opens: [Result<FakeDatabase, any Error>], probes: [DatabaseUnreachable?] = []) {
            state = Mutex(State(opens: opens, probes: probes))
        }

        var opened: Int { state.withLock { $0.opened } }
        var probed: Int { state.withLock { $0.probed } }
        var told: [String] { state.withLock { $0.told } }
        var closed: [String] { state.withLock { $0.closed } }

        var reaching: ConnectionSupervisor<FakeDatabase>.Reaching {
            .init(open: { [self] in
                      try state.withLock { state in
                          state.opened += 1
                          return try state.opens.removeFirst().get()
                      }
                  },
                  probe: { [self] _ in
                      state.withLock { state in
                          state.probed += 1
                          return state.probes.removeFirst()
                      }
                  },
                  close: { [self] database in state.withLock { $0.closed.append(database.name) } })
        }

        var listener: ConnectionSupervisor<FakeDatabase>.Listener {
            .init(answered: { [self] database, again in tell("\(again ? "answered again" : "answered") by \(database.name)") },
                  lost: { [self] unreachable in tell("lost: \(unreachable.reason)") },
                  refused: { [self] _ in tell("refused") })
        }

        private func tell(_ event: String) { state.withLock { $0.told.append(event) } }
    }

    private static let down = DatabaseUnreachable(url: "postgres://db.example/wedding", reason: "it does not answer")
    private static let stillDown = DatabaseUnreachable(url: "postgres://db.example/wedding", reason: "still down")

    /// Pauses of exactly 0.5 s doubling up to 30 s (no jitter), waited on `clock`.
    private static func paced(by clock: ManualClock) -> RetryPolicy {
        var policy = RetryPolicy.reconnection
        policy.sleep = { try await clock.sleep(for: $0) }
        policy.random = { 1 }
        return policy
    }

    private static func supervisor(held: Bool, _ script: Script, clock: ManualClock) async -> ConnectionSupervisor<FakeDatabase> {
        let supervisor = ConnectionSupervisor(held: held, retry: paced(by: clock), reaching: script.reaching)
        await supervisor.start(telling: script.listener)
        return supervisor
    }

    /// Lets the supervisor's task run until `condition` holds (10 s at most).
    @Test("held, the first attempt waits for connect(); then the database answers and the link is online")
    func heldUntilConnect() async {
        let clock = ManualClock()
        let script = Script(opens: [.success(FakeDatabase("primary"))])
        let supervisor = await Self.supervisor(held: true, script, clock: clock)
        await letPendingWorkRun()
        #expect(script.opened == 0)
        #expect(supervisor.link.isConnecting)

        supervisor.connect()
        await supervisor.firstAttemptEnded()
        #expect(script.opened == 1)
        #expect(supervisor.link.database?.name == "primary")
        #expect(script.told == ["answered by primary"])
        _ = await supervisor.close()
    }

    @Test("offline, the database is tried again after pauses of 0.5, 1 and 2 s on the clock, until it answers")
    func retriesWithBackoff() async {
        let clock = ManualClock()
        let script = Script(opens: [.failure(Self.down), .failure(Self.stillDown), .failure(Self.stillDown),
                                    .success(FakeDatabase("primary"))])
        let supervisor = await Self.supervisor(held: false, script, clock: clock)
        #expect(await supervisor.attemptFirst() == nil)
        #expect(supervisor.link.unreachable?.reason == "it does not answer")
        #expect(script.told == ["lost: it does not answer"])

        for (pause, tries) in [(Duration.milliseconds(500), 2), (.seconds(1), 3), (.seconds(2), 4)] {
            await eventually({ clock.sleepers == 1 }, "the supervisor pauses before try \(tries)")
            clock.advance(by: pause - .milliseconds(1))
            #expect(script.opened == tries - 1, "not tried before the pause is over")
            clock.advance(by: .milliseconds(1))
            await eventually({ script.opened == tries }, "try \(tries) after \(pause)")
        }
        await eventually({ supervisor.link.database != nil }, "online once the database answers")
        #expect(supervisor.link.unreachable == nil)
        #expect(script.told == ["lost: it does not answer", "answered again by primary"])
        #expect(clock.sleepers == 0, "no more tries once online")
        _ = await supervisor.close()
    }

    @Test("a refusal found on retrying ends the retries: the link is refused and the database tried no more")
    func refusalEndsRetries() async {
        let clock = ManualClock()
        let refusal = DatabaseRefusal(description: "password authentication failed")
        let script = Script(opens: [.failure(Self.down), .failure(refusal)])
        let supervisor = await Self.supervisor(held: false, script, clock: clock)
        await supervisor.attemptFirst()
        await eventually({ clock.sleepers == 1 }, "the supervisor pauses before retrying")
        clock.advance(by: .milliseconds(500))
        await eventually({ supervisor.link.refusal != nil }, "refused on the retry")

        clock.advance(by: .seconds(120))
        await letPendingWorkRun()
        #expect(script.opened == 2)
        #expect(clock.sleepers == 0)
        #expect(supervisor.link.isOffline && supervisor.link.unreachable == nil)
        #expect(script.told == ["lost: it does not answer", "refused"])
        _ = await supervisor.close()
    }

    @Test("reconnect() asks the database reached before, and online, the pending retry tries nothing")
    func reconnectProbesKnownDatabase() async throws {
        let clock = ManualClock()
        let script = Script(opens: [.success(FakeDatabase("primary"))], probes: [Self.stillDown, nil])
        let supervisor = await Self.supervisor(held: false, script, clock: clock)
        await supervisor.attemptFirst()
        await supervisor.lose(because: Self.down)
        #expect(supervisor.link.unreachable?.reason == "it does not answer")
        await eventually({ clock.sleepers == 1 }, "the retry pauses")

        #expect(try await supervisor.reconnect() == false)
        #expect(supervisor.link.unreachable?.reason == "still down", "the newest reason is kept")
        #expect(try await supervisor.reconnect())
        #expect(supervisor.link.database?.name == "primary")
        #expect(script.opened == 1 && script.probed == 2)

        clock.advance(by: .seconds(1))
        await eventually({ clock.sleepers == 0 }, "the retry wakes")
        await letPendingWorkRun()
        #expect(script.opened == 1 && script.probed == 2)
        #expect(script.told == ["answered by primary", "lost: it does not answer", "answered again by primary"])
        _ = await supervisor.close()
    }

    @Test("two reconnections at once (the retry's and a person's) share one try: one database host is opened, not two")
    func concurrentReconnectionsShareOneTry() async throws {
        let clock = ManualClock()
        let opened = Mutex(0)
        let (held, release) = AsyncStream<Void>.makeStream()
        let reaching = ConnectionSupervisor<FakeDatabase>.Reaching(
            open: {
                let attempt = opened.withLock { opened in
                    opened += 1
                    return opened
                }
                if attempt == 1 { throw Self.down }
                for await _ in held {}
                return FakeDatabase("attempt \(attempt)")
            },
            probe: { _ in nil },
            close: { _ in })
        let supervisor = ConnectionSupervisor(held: false, retry: Self.paced(by: clock), reaching: reaching)
        await supervisor.start(telling: Script(opens: []).listener)
        await supervisor.attemptFirst()

        let first = Task { try await supervisor.reconnect() }
        await eventually({ opened.withLock { $0 } == 2 }, "the first reconnection opens the database")
        let second = Task { try await supervisor.reconnect() }
        await letPendingWorkRun()
        release.finish()

        let firstAnswered = try await first.value
        let secondAnswered = try await second.value
        #expect(firstAnswered && secondAnswered)
        #expect(opened.withLock { $0 } == 2)
        #expect(supervisor.link.database?.name == "attempt 2")
        _ = await supervisor.close()
    }

    @Test("a database host that a reconnection opens after the link closed is closed, not kept")
    func openedAfterCloseIsClosed() async {
        let clock = ManualClock()
        let opened = Mutex(0)
        let closed = Mutex<[String]>([])
        let (held, release) = AsyncStream<Void>.makeStream()
        let reaching = ConnectionSupervisor<FakeDatabase>.Reaching(
            open: {
                let attempt = opened.withLock { opened in
                    opened += 1
                    return opened
                }
                if attempt == 1 { throw Self.down }
                for await _ in held {}
                return FakeDatabase("late")
            },
            probe: { _ in nil },
            close: { database in closed.withLock { $0.append(database.name) } })
        let supervisor = ConnectionSupervisor(held: false, retry: Self.paced(by: clock), reaching: reaching)
        await supervisor.start(telling: Script(opens: []).listener)
        await supervisor.attemptFirst()

        let reconnecting = Task { try await supervisor.reconnect() }
        await eventually({ opened.withLock { $0 } == 2 }, "the reconnection opens the database")
        #expect(await supervisor.close() == nil)
        release.finish()

        #expect((try? await reconnecting.value) == false)
        #expect(closed.withLock { $0 } == ["late"])
        #expect(supervisor.link.isClosed)
    }

    @Test("closing stops the retries and hands back the database reached, to close")
    func closeStopsRetrying() async {
        let clock = ManualClock()
        let script = Script(opens: [.success(FakeDatabase("primary"))])
        let supervisor = await Self.supervisor(held: false, script, clock: clock)
        await supervisor.attemptFirst()
        await supervisor.lose(because: Self.down)
        await eventually({ clock.sleepers == 1 }, "the retry pauses")

        #expect(await supervisor.close()?.name == "primary")
        #expect(script.closed.isEmpty, "the database reached is the caller's to close")
        await eventually({ clock.sleepers == 0 }, "the pause is cancelled")
        clock.advance(by: .seconds(60))
        #expect(supervisor.link.isClosed)
        #expect(script.probed == 0)
        #expect(!supervisor.link.isOffline && supervisor.link.database == nil)
    }

    @Test("a held link closed before connect() never reaches the database, and whoever waited goes on")
    func closedWhileHeld() async {
        let clock = ManualClock()
        let script = Script(opens: [.success(FakeDatabase("primary"))])
        let supervisor = await Self.supervisor(held: true, script, clock: clock)
        let waiting = Task { await supervisor.firstAttemptEnded() }
        #expect(await supervisor.close() == nil)
        await waiting.value
        supervisor.connect()
        await letPendingWorkRun()
        #expect(script.opened == 0)
        #expect(script.told.isEmpty)
    }
}

/// The link's transitions: only those that make sense apply.
@Suite("Tier link")
struct TierLinkTests {
    private static let down = DatabaseUnreachable(url: "postgres://db.example/wedding", reason: "it does not answer")

    @Test("once refused, going offline changes nothing; a closed link takes no database")
    func impossibleTransitions() {
        var link = TierLink<String>.connecting
        let released = link.release()
        let answered = link.answered(by: "primary")
        let refused = link.refuse(DatabaseRefusal(description: "no"))
        let lostWhileRefused = link.lost(because: Self.down)
        #expect(!released, "only a held attempt is released")
        #expect(answered && refused && !lostWhileRefused)
        #expect(link.refusal != nil && link.unreachable == nil && link.known == "primary")
        let closedDatabase = link.close()
        let answeredWhileClosed = link.answered(by: "another")
        let refusedWhileClosed = link.refuse(DatabaseRefusal(description: "no"))
        #expect(closedDatabase == "primary")
        #expect(!answeredWhileClosed && !refusedWhileClosed)
        #expect(link.isClosed && link.database == nil)
    }

    @Test("offline keeps the database reached before, and a later reason replaces the first")
    func offlineKeepsTheDatabase() {
        var link = TierLink<String>.held
        let released = link.release()
        #expect(released && link.isConnecting)
        let answered = link.answered(by: "primary")
        let lost = link.lost(because: Self.down)
        let lostAgain = link.lost(because: Self.down)
        #expect(answered && lost && !lostAgain, "lost once, already offline the second time")
        link.stillUnreachable(DatabaseUnreachable(url: "postgres://db.example/wedding", reason: "still down"))
        #expect(link.unreachable?.reason == "still down" && link.known == "primary" && link.database == nil)
        #expect(link.isOffline)
    }
}
