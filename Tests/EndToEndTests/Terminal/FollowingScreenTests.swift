import Foundation
import Testing

/// Two planners open on one wedding, as two ssh sessions would be: what one has open on a guest
/// (its details, its form) follows the other's changes to that guest.
extension FullScreenTests {
    @Test("details and a form open on a guest follow another session's RSVP changes to it")
    func openScreensFollowAnotherSession() async throws {
        let blueprint = try demo()
        let mine = try TmuxSession(blueprint)
        let theirs = try TmuxSession(blueprint)
        try await mine.waitFor("GUESTS │ 40 guests")
        try await theirs.waitFor("GUESTS │ 40 guests")

        try theirs.press("D")
        try await theirs.waitFor(": declined")
        try mine.press("Enter")
        try await mine.waitFor("RSVP  Declined", within: .seconds(10))
        try theirs.press("A")
        let details = try await mine.waitFor("RSVP  Attending", within: .seconds(10))
        #expect(details.contains("Updated ") && !details.contains("RSVP  Declined"), "the details stay open and show the change")

        try mine.press("Escape", "e")
        try await mine.waitFor("┌─ Edit ")
        try theirs.press("D")
        let form = try await mine.waitFor("updated by", within: .seconds(10))
        #expect(form.contains("┌─ Edit ") && form.contains("Declined"), "the form takes their answer into the untouched field")

        for tmux in [mine, theirs] {
            try tmux.press("Escape", "q")
            #expect(try await tmux.waitForExit() == 0)
        }
    }
}
