import Foundation
import Testing

/// Two planners open on one wedding, as two ssh sessions would be: what one has open on a guest
/// (its details, its form) follows the other's changes to that guest.
extension FullScreenTests {
    /// Polls until both planners sharing `tmux`'s log have warmed up (read every store), so a key
    /// acts on the loaded guests rather than on the preview drawn first.
    func waitUntilTwoWarmedUp(_ tmux: TmuxSession) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while ((try? String(contentsOf: tmux.logFile, encoding: .utf8)) ?? "").components(separatedBy: "warmed up").count < 3 {
            guard ContinuousClock.now < deadline else {
                throw TmuxSession.Timeout(expected: "two planners warmed up", screen: try tmux.screen(), log: tmux.logTail())
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("details and a form open on a guest follow another session's RSVP changes to it")
    func openScreensFollowAnotherSession() async throws {
        let blueprint = try demo()
        let (mine, theirs) = try await twoPlanners(blueprint)
        try await waitUntilTwoWarmedUp(mine)

        try theirs.press("A")
        try await theirs.waitFor(": attending")
        try mine.press("Enter")
        try await mine.waitFor("RSVP  Attending", within: .seconds(10))
        try theirs.press("D")
        let details = try await mine.waitFor("RSVP  Declined", within: .seconds(10))
        #expect(details.contains("Updated "), "the details stay open and show the change")

        try mine.press("Escape", "e")
        try await mine.waitFor("┌─ Edit ")
        try theirs.press("M")
        let form = try await mine.waitFor("updated by", within: .seconds(10))
        #expect(form.contains("┌─ Edit ") && form.contains("Maybe"), "the form takes their answer into the untouched field")

        for tmux in [mine, theirs] {
            try tmux.press("Escape", "q")
            #expect(try await tmux.waitForExit() == 0)
        }
    }
}
