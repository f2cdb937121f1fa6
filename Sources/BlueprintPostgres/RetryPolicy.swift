import Foundation

/// How often, and after how long a pause, an operation that failed for a passing reason is
/// tried again: exponential backoff with full jitter (AWS's "full jitter": each pause is drawn
/// uniformly from zero to `min(cap, base · 2ⁿ)`), so processes that failed together do not
/// come back together.
///
/// A value type with its sleep and its random source injected, so tests check the pauses
/// without waiting them out.
struct RetryPolicy: Sendable {
    /// The upper bound of the first pause.
    var base: Duration
    /// No pause is longer.
    var cap: Duration
    /// How many tries in all (the first included); `nil`: no end (the change listener).
    var attempts: Int?
    /// Waits `duration` (throws if the task is cancelled meanwhile).
    var sleep: @Sendable (Duration) async throws -> Void
    /// A number in `0...1`, uniformly drawn.
    var random: @Sendable () -> Double

    init(base: Duration, cap: Duration, attempts: Int?,
         sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
         random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) {
        self.base = base
        self.cap = cap
        self.attempts = attempts
        self.sleep = sleep
        self.random = random
    }

    /// For a statement a person is waiting on (a key press): four tries, pauses of at most
    /// 50, 100 and 200 ms, so a failure that does not pass is reported within half a second.
    static let statements = RetryPolicy(base: .milliseconds(50), cap: .seconds(2), attempts: 4)

    /// For the change listener, which keeps trying for as long as the host is open.
    static let listener = RetryPolicy(base: .milliseconds(50), cap: .seconds(5), attempts: nil)

    /// For bringing a local copy up to date behind the planner (its queued edits sent first):
    /// four tries, pauses of at most 1, 2 and 4 s, so a failure that passes does not leave the
    /// edits waiting for the next reconnection.
    static let revalidation = RetryPolicy(base: .seconds(1), cap: .seconds(4), attempts: 4)

    /// One try, no retry (the change listener's own link: the listener paces its retries).
    static let once = RetryPolicy(base: .zero, cap: .zero, attempts: 1)

    /// The pause before try `retry + 1` (`retry` counts from 0, the first retry): drawn from
    /// `0...min(cap, base · 2^retry)`.
    func delay(beforeRetry retry: Int) -> Duration {
        let ceiling = min(cap, base * pow(2, Double(min(retry, 62))))
        return ceiling * min(max(random(), 0), 1)
    }

    /// Whether a `retry`th retry (counting from 0) is within the budget.
    func allows(retry: Int) -> Bool {
        attempts.map { retry + 1 < $0 } ?? true
    }

    /// Runs `body` until it returns, or throws an error that is not `transient`, or the tries
    /// run out (then the last error is thrown).
    func run<T>(isolation: isolated (any Actor)? = #isolation,
                transient: (any Error) -> Bool = RetryPolicy.isTransient,
                _ body: () async throws -> sending T) async throws -> sending T {
        var retry = 0
        while true {
            do {
                return try await body()
            } catch {
                guard transient(error), allows(retry: retry) else { throw error }
                try await sleep(delay(beforeRetry: retry))
                retry += 1
            }
        }
    }

    /// Whether `error` may pass if the same thing is tried again (`DatabaseFailure.mayPass`).
    static func isTransient(_ error: any Error) -> Bool { DatabaseFailure.mayPass(error) }
}
