import BlueprintDomain
import Foundation
import Synchronization

/// A clock that stands still until a test advances it. Wall time and uptime move together, and
/// a `sleep` on it ends when the clock has been advanced past it.
public final class ManualClock: TimeSource {
    private struct Reading {
        var wallMilliseconds: Int64
        var uptime: Duration
        /// The sleeps waiting for the clock, by the uptime they end at.
        var sleeps: [UUID: (until: Duration, wake: CheckedContinuation<Void, any Error>)] = [:]
    }

    private let reading: Mutex<Reading>

    /// Starts at `start` (wall time) with zero uptime.
    public init(start: Timestamp = Timestamp(millisecondsSince1970: 1_767_225_600_000)) {
        reading = Mutex(Reading(wallMilliseconds: start.millisecondsSince1970, uptime: .zero))
    }

    public func now() -> Timestamp {
        Timestamp(millisecondsSince1970: reading.withLock { $0.wallMilliseconds })
    }

    public func uptime() -> Duration { reading.withLock { $0.uptime } }

    /// Moves both readings forward by `duration`, which must not be negative. The wall clock
    /// keeps whole milliseconds of the total uptime, so many small steps add up exactly. Every
    /// `sleep` the clock has now passed ends.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a clock cannot go back (advance by \(duration))")
        let due = reading.withLock { reading in
            let before = Self.wholeMilliseconds(reading.uptime)
            reading.uptime += duration
            reading.wallMilliseconds += Self.wholeMilliseconds(reading.uptime) - before
            let due = reading.sleeps.filter { $0.value.until <= reading.uptime }
            for key in due.keys { reading.sleeps[key] = nil }
            return due.values.map(\.wake)
        }
        for sleep in due { sleep.resume() }
    }

    /// Waits until the clock has been advanced by `duration` (not at all for none); throws
    /// `CancellationError` if the task is cancelled first. Give it as the sleep of code whose
    /// pauses a test drives.
    public func sleep(for duration: Duration) async throws {
        let key = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = reading.withLock { reading in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if duration <= .zero { return .success(()) }
                    reading.sleeps[key] = (reading.uptime + duration, wake)
                    return nil
                }
                if let outcome { wake.resume(with: outcome) }
            }
        } onCancel: {
            reading.withLock { $0.sleeps.removeValue(forKey: key) }?.wake.resume(throwing: CancellationError())
        }
    }

    /// How many sleeps are waiting for the clock to be advanced.
    public var sleepers: Int { reading.withLock { $0.sleeps.count } }

    private static func wholeMilliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
