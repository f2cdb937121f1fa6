import Testing

/// Waits until `condition` holds, looking again after each millisecond's sleep; after 10,000
/// looks, records `comment` as an issue and returns. It sleeps between looks rather than yielding:
/// a loop of yields keeps one of the few threads of the concurrency pool busy and starves the work
/// it waits for. And it counts looks, not wall-clock time: while the whole run's tests hold the
/// pool's threads (the end-to-end tests wait for processes synchronously), no look happens and no
/// time is counted against the condition.
func eventually(_ condition: () async -> Bool, _ comment: Comment = "looked 10,000 times for a condition") async {
    for _ in 0..<10_000 {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(1))
    }
    Issue.record(comment)
}

/// Gives work that must not happen time to happen anyway (50 ms of sleep), before a test checks
/// that it did not. (A loop of yields gave it no time at all while the pool's other threads were
/// busy, and kept this one busy too.)
func letPendingWorkRun() async {
    try? await Task.sleep(for: .milliseconds(50))
}
