/// Where the app reads the time.
///
/// Production code uses `SystemClock`; tests inject a `ManualClock` and advance it, so nothing
/// that depends on time (cache expiry, store validity, latency figures) needs a test to sleep.
public protocol TimeSource: Sendable {
    /// The current wall-clock time: what `newerThan` and "loaded at" compare against.
    func now() -> Timestamp
    /// Time elapsed since a fixed, arbitrary origin; never goes backwards. Only differences
    /// between two readings mean anything: ages, expiry and measured durations.
    func uptime() -> Duration
}
