import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintText

/// `blueprint doc delete ID`: moves a document to the trash, from which `doc restore` takes it back.
struct DocDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Move document ID to the trash (`doc restore ID` takes it back; `doc list --trash` shows it)."
    )

    @OptionGroup var wedding: WeddingOptions
    @Argument(help: ArgumentHelp("The document's id, or a unique start of it.", valueName: "id")) var id: String

    func run() async throws {
        try await DocumentTrashAction.run(wedding, id) { documents, document, wedding in
            let trashed = try await documents.trash(document.id, in: wedding)
            return "Moved \"\(trashed.title)\" to the trash; `blueprint doc restore \(DocumentListing.shortID(trashed.id))` takes it back"
        }
    }
}

/// `blueprint doc restore ID`: takes a document out of the trash.
struct DocRestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Take document ID out of the trash."
    )

    @OptionGroup var wedding: WeddingOptions
    @Argument(help: ArgumentHelp("The document's id, or a unique start of it.", valueName: "id")) var id: String

    func run() async throws {
        try await DocumentTrashAction.run(wedding, id) { documents, document, wedding in
            let restored = try await documents.restore(document.id, in: wedding)
            return "Restored \"\(restored.title)\""
        }
    }
}

/// Finds the document, does `action` to it, closes the store and prints what `action` says.
enum DocumentTrashAction {
    static func run(_ options: WeddingOptions, _ id: String,
                    _ action: (any DocumentRepository, Document, WeddingID) async throws -> String) async throws {
        let (data, chosen) = try await options.open()
        let repositories = data.repositories
        let message: String
        do {
            let document = try await repositories.documents.find(id, in: chosen.weddingID)
            message = try await action(repositories.documents, document, chosen.weddingID)
            await data.close()
        } catch {
            await data.close()
            throw error
        }
        try CommandOutput.print(TerminalSanitizer.sanitize(message))
    }
}
