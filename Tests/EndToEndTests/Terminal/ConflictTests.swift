import Foundation
import Testing

/// Two planners open on one wedding, as two ssh sessions would be: edits of one guest merge by
/// field, a field both changed is asked about, and a guest deleted meanwhile can be restored.
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

    /// Both sessions open the form on the selected guest, named `name`; theirs saves the last name
    /// `theirLastName`, and once mine has heard of it, mine saves `myLastName`.
    func clash(_ mine: TmuxSession, _ theirs: TmuxSession, on name: String, theirs theirLastName: String,
               mine myLastName: String) async throws {
        #expect(try await openEditForm(mine) == name)
        #expect(try await openEditForm(theirs) == name)
        try saveLastName(theirs, theirLastName)
        try await theirs.waitFor("Saved \(name.split(separator: " ")[0]) \(theirLastName)")
        try await mine.waitFor("Updated from another session", within: .seconds(10))
        try saveLastName(mine, myLastName)
    }

    @Test("two sessions editing one guest: other fields merge on their own; a field both changed asks, per field, all mine or all theirs")
    func conflictingEdits() async throws {
        let blueprint = try demo()
        let (mine, theirs) = try await twoPlanners(blueprint)

        // Different fields: my first name and their last name both survive, in one new version.
        let name = try await openEditForm(mine)
        let firstName = try #require(name.split(separator: " ").first).description
        #expect(try await openEditForm(theirs) == name)
        try saveLastName(theirs, "Theirs")
        try await theirs.waitFor("Saved \(firstName) Theirs")
        try await mine.waitFor("Updated from another session", within: .seconds(10))
        try mine.press("C-u")
        try mine.type("Mine")
        try mine.press("Enter")
        // Saved as merged ("… change to last name"), or as one edit when the open form had already
        // taken in their last name (a field not touched follows the record).
        try await mine.waitFor("Saved Mine Theirs")
        #expect(try exportedGuests(blueprint).contains { $0["firstName"] as? String == "Mine" && $0["lastName"] as? String == "Theirs" })
        try await theirs.waitFor("Mine Theirs", within: .seconds(10))

        // The same field: the dialog shows what it was, yours and theirs; cancel goes back to the form.
        try await clash(mine, theirs, on: "Mine Theirs", theirs: "Theirs-Again", mine: "Mine-Again")
        let dialog = try await mine.waitFor("┌─ Edit conflict ─")
        #expect(dialog.contains("last name: was Theirs"))
        #expect(dialog.contains("● yours Mine-Again") && dialog.contains("○ theirs Theirs-Again"))
        try mine.press("c")
        let backInForm = try await mine.waitFor("the form again") { !$0.contains("Edit conflict") && $0.contains("┌─ Edit Mine Theirs ─") }
        #expect(backInForm.contains("Mine-Again"))
        try mine.press("Enter")
        try await mine.waitFor("┌─ Edit conflict ─")
        try mine.press("m")
        try await mine.waitFor("Saved with your values")
        try await theirs.waitFor("Mine Mine-Again", within: .seconds(10))

        // All theirs keeps their value in that field.
        try await clash(mine, theirs, on: "Mine Mine-Again", theirs: "Third", mine: "Fourth")
        try await mine.waitFor("┌─ Edit conflict ─")
        try mine.press("t")
        let kept = try await mine.waitFor("Saved with their values")
        #expect(!kept.contains("┌─ Edit "))
        #expect(kept.contains("Mine Third"))

        // Undo takes back my last change and names it; Ctrl-R does it again.
        try mine.press("A")
        try await mine.waitFor("Mine Third: attending")
        try mine.press("M")
        try await mine.waitFor("Mine Third: maybe")
        try mine.press("u")
        try await mine.waitFor("Undid RSVP: Mine Third")
        try await theirs.waitFor("Updated from another session", within: .seconds(10))
        try mine.press("C-r")
        try await mine.waitFor("Redid RSVP: Mine Third")
        let guests = try exportedGuests(blueprint)
        #expect(guests.count == 40)
        #expect(guests.contains { $0["firstName"] as? String == "Mine" && $0["lastName"] as? String == "Third" && $0["rsvp"] as? String == "maybe" })

        // They rename; my undo of the RSVP merges with it, and the status line and the feed say so.
        #expect(try await openEditForm(theirs) == "Mine Third")
        try saveLastName(theirs, "Fifth")
        try await theirs.waitFor("Saved Mine Fifth")
        try await mine.waitFor("Mine Fifth", within: .seconds(10))
        try mine.press("u")
        let merged = try await mine.waitFor("Undid RSVP: Mine Third")
        #expect(merged.contains("change to last name)"), "\(merged)")
        let activity = try blueprint.run(["activity"]).stdout
        #expect(activity.contains("marked Mine Fifth attending, merged with ") && activity.contains("'s change to last name"), "\(activity)")

        try await quit(mine, theirs)
    }

    @Test("saving a guest another session deleted says so, and restores it with your edits")
    func editOfADeletedGuest() async throws {
        let blueprint = try demo()
        let (mine, theirs) = try await twoPlanners(blueprint)

        let name = try await openEditForm(mine)
        try theirs.press("d")
        try await theirs.waitFor("┌─ Delete")
        try theirs.press("y")
        try await theirs.waitFor("GUESTS │ 39 guests")
        try await mine.waitFor("Updated from another session", within: .seconds(10))
        try saveLastName(mine, "Restored")
        let dialog = try await mine.waitFor("┌─ Deleted meanwhile ─")
        #expect(dialog.contains("deleted \(name)"))
        try mine.press("m")
        try await mine.waitFor("with your edits")
        try await theirs.waitFor("GUESTS │ 40 guests", within: .seconds(10))
        #expect(try exportedGuests(blueprint).contains { $0["lastName"] as? String == "Restored" })

        try await quit(mine, theirs)
    }
}
