import ArgumentParser
import BlueprintDomain
import BlueprintRepositories
import BlueprintText

/// `blueprint doc add FILE`: attaches a file to a vendor, an expense or the wedding.
struct DocAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Attach FILE to a vendor, an expense or (by default) the wedding."
    )

    @OptionGroup var wedding: WeddingOptions
    @Argument(help: ArgumentHelp("The file to attach (any type).", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("The vendor it belongs to (its name, or the start of it).", valueName: "name")) var vendor: String?
    @Option(help: ArgumentHelp("The expense it belongs to (its name, or the start of it).", valueName: "name")) var expense: String?
    @Option(help: ArgumentHelp("What to call it (default: the file's name).", valueName: "title")) var title: String?

    func validate() throws {
        if vendor != nil, expense != nil { throw ValidationError("give --vendor or --expense, not both") }
    }

    func run() async throws {
        let (data, chosen) = try await wedding.open()
        let repositories = data.repositories
        let document: Document
        do {
            document = try await attach(repositories, in: chosen.weddingID)
            await data.close()
        } catch {
            await data.close()
            throw error
        }
        try CommandOutput.print(TerminalSanitizer.sanitize("Attached \"\(document.title)\" (\(DocumentListing.shortID(document.id)), "
                                                           + "\(document.contentType), \(document.byteCount) bytes)"))
    }

    private func attach(_ repositories: Repositories, in id: WeddingID) async throws -> Document {
        let subject: RecordSubject
        if let vendor {
            subject = .record(try DocumentSubjects.pick(vendor, among: try await repositories.vendors.fetchVendors(in: id).records,
                                                        noun: "vendor", name: \.name))
        } else if let expense {
            subject = .record(try DocumentSubjects.pick(expense, among: try await repositories.budget.fetchExpenses(in: id).records,
                                                        noun: "expense", name: \.name))
        } else {
            subject = .wedding
        }
        return try await repositories.documents.attach(fileAt: file, title: title, to: subject, in: id)
    }
}

/// Finds the vendor or expense a document is attached to by what the user typed.
enum DocumentSubjects {
    /// The one record whose name is `typed` (any case), else the one whose name starts with it.
    static func pick<R>(_ typed: String, among records: [R], noun: String, name: (R) -> String) throws -> R {
        let wanted = typed.trimmingCharacters(in: .whitespaces).lowercased()
        let exact = records.filter { name($0).lowercased() == wanted }
        if exact.count == 1 { return exact[0] }
        let starting = exact.isEmpty ? records.filter { !wanted.isEmpty && name($0).lowercased().hasPrefix(wanted) } : exact
        switch starting.count {
        case 1: return starting[0]
        case 0: throw CommandFailure("no \(noun) named '\(typed)'; nothing was attached")
        default:
            throw CommandFailure(CountPhrase.of(starting.count, noun) + " match '\(typed)': "
                                 + starting.prefix(5).map { "'\(name($0))'" }.joined(separator: ", ") + "; give the full name")
        }
    }
}
