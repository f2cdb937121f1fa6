import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintText
import BlueprintTUI
import Foundation

/// `blueprint activity`: who changed what, newest first, from the wedding's own commits.
struct ActivityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "List who changed what in the wedding, newest first (\"Mei marked Ana Ruiz attending · 2 min ago\").",
        discussion: "Every committed change is listed with its author (the configuration's `name`, else the login "
            + "name) and when it was made, from any process or person working on the wedding. The feed is read from "
            + "the wedding's own journal and its compacted history, so it always agrees with the data."
    )

    @OptionGroup var options: WeddingOptions
    @Option(help: ArgumentHelp("Only changes made within this long ago: 90s, 30m, 2h, 3d, 1w.", valueName: "duration"))
    var since: ActivityWindow?
    @Flag(help: "Print JSON (stable keys).") var json = false

    func run() async throws {
        let (data, wedding) = try await options.open()
        let repositories = data.repositories
        let log = try await repositories.activity(in: wedding.weddingID)
        await data.close()
        let now = Timestamp(Date())
        let start = since.map { Timestamp(millisecondsSince1970: now.millisecondsSince1970 - $0.milliseconds) }
        let entries = log.newestFirst(since: start)
        if json {
            let listed = entries.map(ActivityListing.init)
            try JSONOutput.print(listed)
        } else if entries.isEmpty {
            try CommandOutput.print(since == nil ? "No changes yet." : "No changes in that time.")
        } else {
            try CommandOutput.print(entries.map { entry in
                TerminalSanitizer.sanitize("\(entry.author ?? "Someone") \(entry.sentence) · "
                                           + Formats.ago(entry.at, now: now, timeZone: .current))
            }.joined(separator: "\n"))
        }
        if log.unreadableLines > 0 {
            FileHandle.standardError.write(Data("blueprint: left out \(CountPhrase.of(log.unreadableLines, "line")) of the activity history that could not be read\n".utf8))
        }
    }
}

/// How long ago the listing starts: a whole number and a unit (s, m, h, d, w).
struct ActivityWindow: ExpressibleByArgument {
    let milliseconds: Int64

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unitSeconds: Int64? = switch text.dropFirst(digits.count) {
        case "s", "sec", "second", "seconds": 1
        case "m", "min", "minute", "minutes": 60
        case "h", "hour", "hours": 3_600
        case "d", "day", "days": 86_400
        case "w", "week", "weeks": 604_800
        default: nil
        }
        guard !digits.isEmpty, digits.count <= 9, let count = Int64(digits), let unitSeconds else { return nil }
        milliseconds = count * unitSeconds * 1_000
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// One change as `activity --json` prints it. Its shape is an interface: add keys, never rename.
struct ActivityListing: Encodable {
    let at: String
    let author: String?
    let operation: String
    let sentence: String
    /// The records described one by one (the first few the user changed).
    let changes: [ActivityChange]
    /// Every record changed, counted by kind and what happened to it.
    let counts: [ActivityCount]

    init(_ entry: ActivityEntry) {
        at = entry.at.description
        author = entry.author
        operation = entry.operation
        sentence = entry.sentence
        changes = entry.summary.changes
        counts = entry.summary.counts
    }

    // An unknown author is written as null, so every entry has every key.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        try container.encode(author, forKey: .author)
        try container.encode(operation, forKey: .operation)
        try container.encode(sentence, forKey: .sentence)
        try container.encode(changes, forKey: .changes)
        try container.encode(counts, forKey: .counts)
    }

    private enum CodingKeys: String, CodingKey { case at, author, operation, sentence, changes, counts }
}
