import ArgumentParser
import BlueprintDomain
import BlueprintRepositories
import BlueprintText
import Foundation

/// `blueprint wedding delete NAME`: moves a wedding's folder to the data directory's trash,
/// after asking.
struct WeddingDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a wedding: its folder moves to the trash of the data directory, from where it can be restored.",
        discussion: """
            Asks first on a terminal. Without a terminal (a script, a pipe) it refuses unless --yes \
            is given. The deleted wedding's folder is kept in <data-dir>/trash/<id>-<time>; moving it \
            back to <data-dir>/weddings/<id> restores it.
            """
    )

    @OptionGroup var data: DataDirectoryOptions
    @Argument(help: ArgumentHelp("The wedding's name or id.", valueName: "name")) var name: String
    @Flag(name: [.short, .long], help: "Delete without asking.") var yes = false

    func run() async throws {
        let opened = try await data.open()
        let repositories = opened.repositories
        let wedding = try await repositories.weddings.findWedding(name)
        let question = "Delete the wedding '\(wedding.name)' with \(try await contents(of: wedding, repositories))?"
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure("'\(wedding.name)' not deleted: standard input is not a terminal to ask on; "
                                     + "add --yes to delete without asking")
            }
            FileHandle.standardError.write(Data(TerminalSanitizer.sanitize(question + " [y/N] ").utf8))
            let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else {
                throw CommandFailure("'\(wedding.name)' not deleted: the answer was not yes")
            }
        }
        try await repositories.weddings.deleteWedding(wedding.weddingID)
        let trashed = try opened.fileStore?.trashedFolders(of: wedding.weddingID).last
        await opened.close()
        var lines = ["Deleted the wedding '\(wedding.name)'."]
        if let trashed, let store = opened.fileStore {
            lines.append("Its files are kept in \(trashed)")
            lines.append("To restore it: mv \(Self.shellQuoted(trashed)) \(Self.shellQuoted(store.folderPath(of: wedding.weddingID)))")
        }
        try CommandOutput.print(TerminalSanitizer.sanitizeLines(lines.joined(separator: "\n")))
    }

    /// "180 guests, 14 vendors, 30 expenses and 40 tasks".
    private func contents(of wedding: Wedding, _ repositories: Repositories) async throws -> String {
        let id = wedding.weddingID
        let counts = [(try await repositories.guests.fetchGuests(in: id).count, "guest"),
                      (try await repositories.vendors.fetchVendors(in: id).count, "vendor"),
                      (try await repositories.budget.fetchExpenses(in: id).count, "expense"),
                      (try await repositories.tasks.fetchTasks(in: id).count, "task")]
        return ListPhrase.joined(counts.map { CountPhrase.of($0.0, $0.1) })
    }

    /// `text` as one word for a POSIX shell.
    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
