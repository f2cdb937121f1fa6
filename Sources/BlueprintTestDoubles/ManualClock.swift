import BlueprintDomain
import Synchronization

/// A clock that stands still until a test advances it. Wall time and uptime move together.
public final class ManualClock: TimeSource {
    private struct Reading {
        var wallMilliseconds: Int64
        var uptime: Duration
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
    /// keeps whole milliseconds of the total uptime, so many small steps add up exactly.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a clock cannot go back (advance by \(duration))")
        reading.withLock { reading in
            let before = Self.wholeMilliseconds(reading.uptime)
            reading.uptime += duration
            reading.wallMilliseconds += Self.wholeMilliseconds(reading.uptime) - before
        }
    }

    private static func wholeMilliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
