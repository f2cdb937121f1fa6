import ArgumentParser
import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintText

/// `blueprint wedding sync`: sends the edits made offline to the database now, and lists or
/// settles the ones that conflict with changes made since.
struct WeddingSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send the edits made offline to the database, and list or settle the ones that conflict.",
        discussion: """
            A database's weddings are kept as a local copy; edits made while the database cannot be \
            reached are queued there and sent, each checked by version, when it answers again (the \
            planner does this by itself). An edit of a record someone else changed meanwhile merges \
            with theirs field by field; one that changed a field they changed too is kept as a \
            conflict, never dropped: this lists them, numbered; --keep-mine N writes your changed \
            fields over theirs, --take-theirs N drops your edit.
            """
    )

    @OptionGroup var options: WeddingOptions
    @Option(name: .customLong("keep-mine"), help: ArgumentHelp("Settle conflict N by writing your changed fields over theirs.",
                                                               valueName: "n"))
    var keepMine: Int?
    @Option(name: .customLong("take-theirs"), help: ArgumentHelp("Settle conflict N by dropping your edit.", valueName: "n"))
    var takeTheirs: Int?

    func validate() throws {
        if keepMine != nil, takeTheirs != nil { throw ValidationError("give --keep-mine or --take-theirs, not both") }
    }

    func run() async throws {
        let (data, wedding) = try await options.open()
        guard let tier = data.host as? TieredWeddingHost else {
            await data.close()
            throw CommandFailure("no database is configured, so there is nothing to sync: the data directory's weddings "
                                 + "are saved as they are edited")
        }
        let lines: [String]
        do {
            lines = try await sync(wedding, tier)
            await data.close()
        } catch {
            await data.close()
            throw error
        }
        try CommandOutput.print(TerminalSanitizer.sanitizeLines(lines.joined(separator: "\n")))
    }

    private func sync(_ wedding: Wedding, _ tier: TieredWeddingHost) async throws -> [String] {
        let id = wedding.weddingID
        var lines: [String] = []
        if try await !tier.reconnect() {
            lines.append("The \(tier.url) cannot be reached (\(tier.unreachable?.reason ?? "no answer")); "
                         + "edits made offline stay queued until it answers.")
        }
        var conflicts = try await tier.offlineConflicts(in: id)
        if let number = keepMine ?? takeTheirs {
            guard conflicts.indices.contains(number - 1) else {
                throw CommandFailure("'\(wedding.name)' has no conflict \(number)"
                                     + (conflicts.isEmpty ? "" : "; they are numbered 1 to \(conflicts.count)"))
            }
            let settled = conflicts[number - 1]
            try await tier.settle(settled, in: id, keepingYours: keepMine != nil)
            lines.append(keepMine != nil ? "Kept your edit \(number) (\(settled.edit.sentence)) over theirs."
                                         : "Dropped your edit \(number) (\(settled.edit.sentence)); theirs stays.")
            conflicts = try await tier.offlineConflicts(in: id)
        }
        let merged = tier.mergedOffline(in: id)
        if merged > 0 {
            lines.append("\(CountPhrase.of(merged, "edit")) made offline merged on \(merged == 1 ? "its" : "their") own "
                         + "with changes made since, field by field.")
        }
        let queued = try await tier.queued(in: id)
        if !queued.isEmpty {
            lines.append("\(CountPhrase.of(queued.count, "edit")) made offline waiting to be sent.")
        }
        if conflicts.isEmpty {
            if queued.isEmpty { lines.append("'\(wedding.name)' is in step with the \(tier.url).") }
            return lines
        }
        lines.append("\(CountPhrase.of(conflicts.count, "edit")) made offline \(conflicts.count == 1 ? "conflicts" : "conflict") "
                     + "with a change made since:")
        for (index, conflict) in conflicts.enumerated() {
            lines.append("  \(index + 1). \(conflict.edit.author ?? "you") \(conflict.edit.sentence) offline (\(conflict.edit.at))")
        }
        lines.append("Settle each with --keep-mine N (your changed fields over theirs) or --take-theirs N (yours dropped).")
        return lines
    }
}
