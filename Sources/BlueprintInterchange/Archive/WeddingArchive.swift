import BlueprintDomain
import BlueprintStorage
import Foundation

/// One file holding every record of a wedding (`blueprint export wedding` / `import wedding`):
/// its settings and every table, each record as the data directory stores it (id, version,
/// creation and update times), tables in their order.
///
/// The text is the data directory's JSON dialect (pretty-printed, keys sorted), so the same
/// dataset always gives the same bytes: export, import into another data directory, export
/// again, and the two files are equal. Documents' files travel in it too (base64, once per
/// content, by SHA-256), so a wedding moved with it opens its attachments.
public struct WeddingArchive: Sendable {
    /// The archive format this build writes and reads.
    public static let formatVersion = 1

    /// Every record of the wedding.
    public var dataset: WeddingDataset
    /// The documents' files, by the SHA-256 of their content.
    public var documentFiles: [String: Data]

    public init(dataset: WeddingDataset, documentFiles: [String: Data]) {
        self.dataset = dataset
        self.documentFiles = documentFiles
    }

    /// The archive's text.
    public func data() throws -> Data {
        var data = Data()
        let stream = JSONObjectStream(style: .pretty) { data.append(contentsOf: $0) }
        let files = documentFiles.sorted { $0.key < $1.key }.map { DocumentFile(content: $0.value.base64EncodedString(), sha256: $0.key) }
        try stream.member("categories", elements: dataset.categories)
        try stream.member("documentFiles", elements: files)
        try stream.member("documents", elements: dataset.documents)
        try stream.member("expenses", elements: dataset.expenses)
        try stream.member("formatVersion", Self.formatVersion)
        try stream.member("gifts", elements: dataset.gifts)
        try stream.member("guests", elements: dataset.guests)
        try stream.member("invitations", elements: dataset.invitations)
        try stream.member("milestones", elements: dataset.milestones)
        try stream.member("moneyOwed", elements: dataset.moneyOwed)
        try stream.member("notes", elements: dataset.notes)
        try stream.member("runSheet", elements: dataset.runSheet)
        try stream.member("scenarios", elements: dataset.scenarios)
        try stream.member("seatingRules", elements: dataset.seatingRules)
        try stream.member("seatingTables", elements: dataset.seatingTables)
        try stream.member("tasks", elements: dataset.tasks)
        try stream.member("vendors", elements: dataset.vendors)
        try stream.member("wedding", dataset.wedding)
        _ = try stream.finish()
        return data
    }

    /// The archive in `data`; each document file is checked against its SHA-256.
    ///
    /// - Throws: `WeddingArchiveError` naming `fileName` and what is wrong (the JSON's line and
    ///   column, the format version, a document file that is not what it claims).
    public init(reading data: Data, fileName: String) throws(WeddingArchiveError) {
        let content: Content
        do {
            content = try StoreJSONDecoder().decode(Content.self, from: data)
        } catch let error as JSONReadError {
            throw WeddingArchiveError(fileName: fileName, message: error.description)
        } catch {
            throw WeddingArchiveError(fileName: fileName, message: "\(error)")
        }
        guard content.formatVersion == Self.formatVersion else {
            throw WeddingArchiveError(fileName: fileName, message: "it is a wedding archive of format \(content.formatVersion); "
                                      + "this blueprint reads format \(Self.formatVersion)")
        }
        var files: [String: Data] = [:]
        for (index, file) in content.documentFiles.enumerated() {
            guard let bytes = Data(base64Encoded: file.content), Document.sha256(of: bytes) == file.sha256 else {
                throw WeddingArchiveError(fileName: fileName, message: "documentFiles[\(index)]: its content is not "
                                          + "base64 whose SHA-256 is \(file.sha256)")
            }
            files[file.sha256] = bytes
        }
        documentFiles = files
        dataset = WeddingDataset(wedding: content.wedding, guests: content.guests, categories: content.categories,
                              expenses: content.expenses, vendors: content.vendors, tasks: content.tasks,
                              milestones: content.milestones, runSheet: content.runSheet, gifts: content.gifts,
                              moneyOwed: content.moneyOwed, scenarios: content.scenarios, seatingTables: content.seatingTables,
                              seatingRules: content.seatingRules, notes: content.notes, documents: content.documents,
                              invitations: content.invitations ?? [])
    }

    /// One document file: its bytes in base64, and their SHA-256.
    private struct DocumentFile: Codable {
        var content: String
        var sha256: String
    }

    /// What `data()` writes, for reading.
    private struct Content: Decodable {
        var categories: [BudgetCategory]
        var documentFiles: [DocumentFile]
        var documents: [Document]
        var expenses: [Expense]
        var formatVersion: Int
        var gifts: [Gift]
        var guests: [Guest]
        /// Absent from archives written before invitations existed.
        var invitations: [Invitation]?
        var milestones: [Milestone]
        var moneyOwed: [MoneyOwed]
        var notes: [Note]
        var runSheet: [RunSheetItem]
        var scenarios: [BudgetScenario]
        var seatingRules: [SeatingRule]
        var seatingTables: [SeatingTable]
        var tasks: [WeddingTask]
        var vendors: [Vendor]
        var wedding: Wedding
    }
}

/// A wedding archive that could not be read; nothing was imported.
public struct WeddingArchiveError: Error, Sendable, CustomStringConvertible {
    public let fileName: String
    public let message: String

    public var description: String { "\(fileName): \(message); nothing was imported" }
}
