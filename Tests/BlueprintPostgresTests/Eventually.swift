import Testing

/// Lets other tasks run until `condition` holds; after 10 s, records `comment` as an issue and returns.
func eventually(_ condition: () async -> Bool, _ comment: Comment = "waited 10 s for a condition") async {
    let deadline = ContinuousClock.now + .seconds(10)
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record(comment)
            return
        }
        await Task.yield()
    }
}
