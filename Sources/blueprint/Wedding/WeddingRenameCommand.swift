import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintText
import Foundation

/// `blueprint wedding rename OLD NEW`.
struct WeddingRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a wedding a new display name.",
        discussion: "The new name must differ (ignoring case) from every other wedding's, so that --wedding NAME always picks one."
    )

    @OptionGroup var data: DataDirectoryOptions
    @Argument(help: ArgumentHelp("The wedding's current name or its id.", valueName: "old")) var old: String
    @Argument(help: ArgumentHelp("Its new name.", valueName: "new")) var new: String

    func run() async throws {
        let opened = try await data.open()
        let repositories = opened.repositories
        let found = try await repositories.weddings.findWedding(old)
        let issues = WeddingNaming.issues(for: new, among: try await repositories.weddings.fetchWeddings(),
                                          renaming: found.weddingID)
        guard issues.isEmpty else {
            throw CommandFailure("'\(found.name)' not renamed: NEW: " + issues.map(\.message).joined(separator: "; "))
        }
        // The settings as stored now (the listing may trail a concurrent edit), so the
        // version check compares against the latest.
        var wedding = try await repositories.weddings.fetchWedding(found.weddingID)
        wedding.name = WeddingNaming.normalized(new)
        let renamed = try await repositories.weddings.updateWedding(wedding)
        await opened.close()
        try CommandOutput.print(TerminalSanitizer.sanitize("Renamed '\(found.name)' to '\(renamed.name)'."))
    }
}
