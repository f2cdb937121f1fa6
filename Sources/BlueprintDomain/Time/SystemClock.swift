import Foundation

/// The real time: wall clock from the system, uptime from the monotonic `ContinuousClock`.
public struct SystemClock: TimeSource {
    private static let origin = ContinuousClock.now

    public init() {}

    public func now() -> Timestamp { Timestamp(Date()) }

    public func uptime() -> Duration { ContinuousClock.now - Self.origin }
}
