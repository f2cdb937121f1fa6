import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintText
import BlueprintTUI
import BlueprintTerminal
import Foundation

/// `blueprint doc list`: the wedding's documents (or those in the trash), as a table or as JSON.
struct DocListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the documents: id, title, type, size, what they belong to, who added them (the default `doc` command)."
    )

    @OptionGroup var wedding: WeddingOptions
    @Flag(help: "Print JSON (stable keys).") var json = false
    @Flag(help: "List the documents in the trash instead.") var trash = false

    func run() async throws {
        let (data, chosen) = try await wedding.open()
        let repositories = data.repositories
        let id = chosen.weddingID
        let documents = try await repositories.documents.fetchAll(in: id).filter { $0.isTrashed == trash }
        let vendors = try await repositories.vendors.fetchVendors(in: id)
        let expenses = try await repositories.budget.fetchExpenses(in: id)
        await data.close()
        let names = Dictionary(uniqueKeysWithValues: vendors.map { ($0.id, $0.name) } + expenses.map { ($0.id, $0.name) })
        let entries = documents.map { document in
            DocumentListing.Entry(document, subjectName: document.subject.id.flatMap { names[$0] },
                                  path: repositories.documents.storedPath(of: document, in: id))
        }
        if json {
            try JSONOutput.print(entries)
        } else {
            try CommandOutput.print(DocumentListing(entries: entries, trash: trash).text)
        }
    }
}

/// What `doc list` prints. Its JSON shape is an interface: add keys, never rename.
struct DocumentListing {
    struct Entry: Encodable {
        let id: String
        let title: String
        let fileName: String
        let contentType: String
        let byteCount: Int
        let sha256: String
        /// "wedding", "vendor" or "expense".
        let subjectKind: String
        let subjectID: String?
        let subjectName: String?
        let addedBy: String
        let addedAt: String
        let trashedAt: String?
        /// Where its bytes are stored.
        let path: String

        init(_ document: Document, subjectName: String?, path: String) {
            id = document.id.uuidString.lowercased()
            title = document.title
            fileName = document.fileName
            contentType = document.contentType
            byteCount = document.byteCount
            sha256 = document.sha256
            subjectKind = document.subject.kind.rawValue
            subjectID = document.subject.id?.uuidString.lowercased()
            self.subjectName = subjectName
            addedBy = document.addedBy
            addedAt = document.createdAt.description
            trashedAt = document.trashedAt?.description
            self.path = path
        }

        // Absent values are written as null, so every entry has every key.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(fileName, forKey: .fileName)
            try container.encode(contentType, forKey: .contentType)
            try container.encode(byteCount, forKey: .byteCount)
            try container.encode(sha256, forKey: .sha256)
            try container.encode(subjectKind, forKey: .subjectKind)
            try container.encode(subjectID, forKey: .subjectID)
            try container.encode(subjectName, forKey: .subjectName)
            try container.encode(addedBy, forKey: .addedBy)
            try container.encode(addedAt, forKey: .addedAt)
            try container.encode(trashedAt, forKey: .trashedAt)
            try container.encode(path, forKey: .path)
        }

        private enum CodingKeys: String, CodingKey {
            case id, title, fileName, contentType, byteCount, sha256, subjectKind, subjectID, subjectName, addedBy, addedAt,
                 trashedAt, path
        }
    }

    let entries: [Entry]
    let trash: Bool

    /// The first eight characters of an id: what the table shows, and enough to name it.
    static func shortID(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    /// A table for people, every text sanitised and measured in terminal columns.
    var text: String {
        guard !entries.isEmpty else {
            return trash ? "The trash has no documents." : "No documents yet; attach one with `blueprint doc add FILE`."
        }
        let titles = entries.map { DisplayText($0.title) }
        let titleWidth = min(36, max(5, titles.map(\.width).max() ?? 0))
        let ons = entries.map { DisplayText($0.subjectName.map { "\($0)" } ?? ($0.subjectKind == "wedding" ? "the wedding" : "?")) }
        let onWidth = min(28, max(2, ons.map(\.width).max() ?? 0))
        let sizes = entries.map { Formats.byteCount($0.byteCount) }
        func cell(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        func row(_ id: String, _ title: DisplayText, _ type: String, _ size: String, _ on: DisplayText, _ by: String) -> String {
            [cell(id, 8), title.fitted(toWidth: titleWidth).string, cell(type, 16), String(repeating: " ", count: max(0, 9 - size.count)) + size,
             on.fitted(toWidth: onWidth).string, by].joined(separator: "  ")
        }
        var lines = [row("ID", "TITLE", "TYPE", "SIZE", "ON", "ADDED BY")]
        for (index, entry) in entries.enumerated() {
            let type = String(DisplayText(entry.contentType).fitted(toWidth: 16).string)
            lines.append(row(String(entry.id.prefix(8)), titles[index], type, sizes[index], ons[index],
                             TerminalSanitizer.sanitize(entry.addedBy) + " · " + String(entry.addedAt.prefix(10))))
        }
        return lines.joined(separator: "\n")
    }
}
