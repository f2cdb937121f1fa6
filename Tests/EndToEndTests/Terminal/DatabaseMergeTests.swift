import BlueprintTestProcesses
import Foundation
import Testing

/// Two machines on one PostgreSQL wedding edit the same guest at once: edits of different fields
/// merge on their own, a field both changed opens the dialog, and undo takes back only your field.
extension FullScreenTests {
    @Test("two machines on one database edit one guest: other fields merge, a field both changed is asked about, undo takes back only mine")
    func mergeAcrossMachines() async throws {
        let url = try databaseDemo(on: PostgresTestCluster.shared())
        let mine = try await planner(try BlueprintProcess.withTemporaryDataDirectory(), on: url)
        let theirs = try await planner(try BlueprintProcess.withTemporaryDataDirectory(), on: url)

        // Different fields: my first name, their last name.
        let name = try await openEditForm(mine)
        #expect(try await openEditForm(theirs) == name)
        try saveLastName(theirs, "Aalto-Theirs")
        let firstName = try #require(name.split(separator: " ").first).description
        try await theirs.waitFor("Saved \(firstName) Aalto-Theirs")
        try await mine.waitFor("Updated from another session", within: .seconds(10))
        try mine.press("C-u")
        try mine.type("Mia")
        try mine.press("Enter")
        // Saved as merged, or as one edit when the open form had already taken in their last name.
        try await mine.waitFor("Saved Mia Aalto-Theirs")
        try await waitUntilTheDatabase(url, holds: "Mia", "Aalto-Theirs")
        try await theirs.waitFor("Mia Aalto-Theirs", within: .seconds(10))

        // The same field: asked, and all mine keeps mine.
        try await clash(mine, theirs, on: "Mia Aalto-Theirs", theirs: "Aalto-Again", mine: "Aalto-Mine")
        let dialog = try await mine.waitFor("┌─ Edit conflict ─")
        #expect(dialog.contains("last name: was Aalto-Theirs") && dialog.contains("● yours Aalto-Mine"), "\(dialog)")
        try mine.press("m")
        try await mine.waitFor("Saved with your values")
        try await waitUntilTheDatabase(url, holds: "Mia", "Aalto-Mine")

        // They change the RSVP; my undo takes back my last name only.
        try theirs.press("A")
        try await theirs.waitFor("Mia Aalto-Mine: attending")
        try await mine.waitFor("Updated from another session", within: .seconds(10))
        try mine.press("u")
        let undone = try await mine.waitFor("Undid edit guest: Mia Aalto-Mine")
        #expect(undone.contains("(merged with blueprint's change to RSVP"), "the status line says whose change it kept: \(undone)")
        try await waitUntilTheDatabase(url, holds: "Mia", "Aalto-Again")
        let guest = try #require(try databaseGuests(url).first { $0["firstName"] as? String == "Mia" })
        #expect(guest["rsvp"] as? String == "attending", "their RSVP stays: \(guest)")
        let activity = try BlueprintProcess.withTemporaryDataDirectory().run(["activity"], as: url)
        #expect(activity.stdout.contains("changed Mia Aalto-Again's ") && activity.stdout.contains(", merged with ")
                    && activity.stdout.contains("'s change to RSVP"), "the feed says it too: \(activity.stdout)")

        try await quit(mine, theirs)
    }
}

extension FullScreenTests {
    @Test("a guest deleted on one database machine while the other edits it: the editor is told, and restores it with the edits")
    func deletedAcrossMachines() async throws {
        let url = try databaseDemo(on: PostgresTestCluster.shared())
        let mine = try await planner(try BlueprintProcess.withTemporaryDataDirectory(), on: url)
        let theirs = try await planner(try BlueprintProcess.withTemporaryDataDirectory(), on: url)

        let name = try await openEditForm(mine)
        let firstName = try #require(name.split(separator: " ").first).description
        try theirs.press("d")
        try await theirs.waitFor("┌─ Delete")
        try theirs.press("y")
        try await theirs.waitFor("GUESTS │ 39 guests")
        try await mine.waitFor("Updated from another session", within: .seconds(10))
        try saveLastName(mine, "Aalto-Restored")
        let dialog = try await mine.waitFor("┌─ Deleted meanwhile ─")
        #expect(dialog.contains("deleted \(name)"), "\(dialog)")
        try mine.press("m")
        try await mine.waitFor("with your edits")
        try await waitUntilTheDatabase(url, holds: firstName, "Aalto-Restored")
        try await theirs.waitFor("GUESTS │ 40 guests", within: .seconds(10))

        try await quit(mine, theirs)
    }
}
