import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintText

/// `blueprint doc export ID -o FILE`: writes a document's bytes out, exactly as attached.
struct DocExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write document ID's bytes to FILE, exactly as attached (an existing FILE is kept unless --force)."
    )

    @OptionGroup var wedding: WeddingOptions
    @Argument(help: ArgumentHelp("The document's id, or a unique start of it.", valueName: "id")) var id: String
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write it.", valueName: "file")) var output: String
    @Flag(help: "Replace FILE if it exists.") var force = false

    func run() async throws {
        let (data, chosen) = try await wedding.open()
        let repositories = data.repositories
        let document: Document
        do {
            document = try await repositories.documents.find(id, in: chosen.weddingID)
            try await repositories.documents.export(document.id, to: output, replacing: force, in: chosen.weddingID)
            await data.close()
        } catch {
            await data.close()
            throw error
        }
        try CommandOutput.print(TerminalSanitizer.sanitize("Exported \"\(document.title)\" to \(output) (\(document.byteCount) bytes)"))
    }
}
