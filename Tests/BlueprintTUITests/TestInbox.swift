/// The app's inbox for a screen under test (`TerminalApp.post` stands in the app): what the
/// screen posts (another session's change, what background work shows) is handled at once,
/// then a frame is asked for; or, while `holds`, kept until `handle(until:)` hands it over.
@MainActor
final class TestInbox {
    /// How many frames the messages handled have asked for (one each, as the app draws one after each).
    private(set) var redrawRequests = 0
    /// Whether what is posted is held for `handle(until:)` rather than handled at once.
    var holds = false
    private var held: [@MainActor () -> Void] = []
    private var arrival: CheckedContinuation<Void, Never>?

    /// Where the screen posts (its `post`): the message handled at once, or held.
    func post(_ handle: @escaping @MainActor () -> Void) {
        guard !holds else {
            held.append(handle)
            stopWaiting()
            return
        }
        // As the app's inbox does: the change, then a frame.
        handle()
        redrawRequests += 1
    }

    /// Handles the messages held one at a time, oldest first, as the app's inbox would (its
    /// change, then a frame), waiting for each to be posted, until `condition` holds; then
    /// handles the rest held and stops holding. A test's time limit ends the wait for a message
    /// that never comes, so the test fails rather than hangs.
    func handle(until condition: @MainActor () -> Bool) async {
        while !condition(), !Task.isCancelled {
            guard !held.isEmpty else {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { arrival = $0 }
                } onCancel: {
                    Task { @MainActor in self.stopWaiting() }
                }
                continue
            }
            handleFirst()
        }
        holds = false
        while !held.isEmpty { handleFirst() }
    }

    private func handleFirst() {
        held.removeFirst()()
        redrawRequests += 1
    }

    /// Lets `handle(until:)` go on: a message was posted, or its test was cancelled.
    private func stopWaiting() {
        arrival?.resume()
        arrival = nil
    }
}
