import Testing

/// Waits until `condition` holds, looking again every millisecond; after 10 s, records `comment`
/// as an issue and returns. It sleeps between looks rather than yielding: a loop of yields keeps
/// one of the few threads of the concurrency pool busy, and with tests running side by side on
/// two cores it starves the very work it waits for.
func eventually(_ condition: () async -> Bool, _ comment: Comment = "waited 10 s for a condition") async {
    let deadline = ContinuousClock.now + .seconds(10)
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record(comment)
            return
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}
