import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintText
import Foundation

/// `blueprint doc export ID -o FILE`: writes a document's bytes out, exactly as attached
/// (`-o -`: to standard output).
struct DocExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write document ID's bytes to FILE (- for standard output), exactly as attached (an existing FILE is kept unless --force)."
    )

    @OptionGroup var wedding: WeddingOptions
    @Argument(help: ArgumentHelp("The document's id, or a unique start of it.", valueName: "id")) var id: String
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write it; - for standard output.", valueName: "file")) var output: String
    @Flag(help: "Replace FILE if it exists.") var force = false

    func run() async throws {
        let (data, chosen) = try await wedding.open()
        let repositories = data.repositories
        let document: Document
        do {
            document = try await repositories.documents.find(id, in: chosen.weddingID)
            if output == "-" {
                let bytes = try await checkedBytes(of: document, from: repositories.documents, in: chosen.weddingID)
                await data.close()
                return try CommandOutput.write(bytes)
            }
            try await repositories.documents.export(document.id, to: output, replacing: force, in: chosen.weddingID)
            await data.close()
        } catch {
            await data.close()
            throw error
        }
        try CommandOutput.print(TerminalSanitizer.sanitize("Exported \"\(document.title)\" to \(output) (\(document.byteCount) bytes)"))
    }

    /// The document's bytes, whole, checked against its SHA-256 before any of them is written out.
    private func checkedBytes(of document: Document, from documents: any DocumentRepository, in wedding: WeddingID) async throws -> Data {
        let path = try await documents.localPath(of: document, in: wedding)
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw DocumentError.storedFileMissing(path: path, title: document.title)
        }
        guard Document.sha256(of: bytes) == document.sha256 else {
            throw DocumentError.storedFileAltered(path: path, title: document.title)
        }
        return bytes
    }
}
