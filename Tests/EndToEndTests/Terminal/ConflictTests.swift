import Foundation
import Testing

/// Two planners open on one wedding, as two ssh sessions would be: an edit that lost to the other
/// session's edit of the same guest offers reload, overwrite or cancel, and each does what it says.
extension FullScreenTests {
    /// Opens the edit form on the selected guest and returns the guest's name from its title.
    func openEditForm(_ tmux: TmuxSession) async throws -> String {
        try tmux.press("e")
        let screen = try await tmux.waitFor("┌─ Edit ")
        let title = try #require(screen.split(separator: "\n").first { $0.contains("┌─ Edit ") })
        let name = title.components(separatedBy: "┌─ Edit ")[1].components(separatedBy: " ─")[0]
        return name
    }

    /// In an open guest form, replaces the last name (the second field) with `lastName` and saves.
    func saveLastName(_ tmux: TmuxSession, _ lastName: String) throws {
        try tmux.press("Tab", "C-u")
        try tmux.type(lastName)
        try tmux.press("Enter")
    }

    @Test("an edit that conflicts with another session's: cancel goes back to the form, overwrite keeps yours, reload keeps theirs")
    func conflictingEdits() async throws {
        let blueprint = try demo()
        let mine = try TmuxSession(blueprint)
        let theirs = try TmuxSession(blueprint)
        try await mine.waitFor("GUESTS │ 40 guests")
        try await theirs.waitFor("GUESTS │ 40 guests")

        let name = try await openEditForm(mine)
        let firstName = try #require(name.split(separator: " ").first).description
        #expect(try await openEditForm(theirs) == name)
        try saveLastName(theirs, "Theirs")
        try await theirs.waitFor("Saved \(firstName) Theirs")
        try await mine.waitFor("Updated from another session", within: .seconds(10))

        try saveLastName(mine, "Mine")
        try await mine.waitFor("┌─ Edit conflict ─")
        try mine.press("c")
        let backInForm = try await mine.waitFor("the form again") { !$0.contains("Edit conflict") && $0.contains("┌─ Edit \(name) ─") }
        #expect(backInForm.contains("Mine"))
        try mine.press("Enter")
        try await mine.waitFor("┌─ Edit conflict ─")
        try mine.press("o")
        try await mine.waitFor("Overwritten with your version")
        #expect(try exportedGuests(blueprint).contains { $0["firstName"] as? String == firstName && $0["lastName"] as? String == "Mine" })
        try await theirs.waitFor("\(firstName) Mine", within: .seconds(10))

        #expect(try await openEditForm(mine) == "\(firstName) Mine")
        #expect(try await openEditForm(theirs) == "\(firstName) Mine")
        try saveLastName(theirs, "Theirs-Again")
        try await theirs.waitFor("Saved \(firstName) Theirs-Again")
        try await mine.waitFor("Updated from another session", within: .seconds(10))
        try saveLastName(mine, "Mine-Again")
        try await mine.waitFor("┌─ Edit conflict ─")
        try mine.press("r")
        let reloaded = try await mine.waitFor("Reloaded: showing the other session's version")
        #expect(!reloaded.contains("┌─ Edit "))
        #expect(reloaded.contains("\(firstName) Theirs-Again"))
        let guests = try exportedGuests(blueprint)
        #expect(guests.count == 40)
        #expect(guests.contains { $0["firstName"] as? String == firstName && $0["lastName"] as? String == "Theirs-Again" })
        #expect(!guests.contains { ($0["lastName"] as? String)?.hasPrefix("Mine") == true })

        for tmux in [mine, theirs] {
            try tmux.press("q")
            #expect(try await tmux.waitForExit() == 0)
        }
    }
}
