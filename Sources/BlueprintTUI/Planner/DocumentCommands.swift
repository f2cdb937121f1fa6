import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// Opening a document's file and `:attach`, for the planner.
@MainActor
struct DocumentCommands {
    let services: PlannerServices
    unowned let host: any PlannerHost

    /// Opens `document` with the pager or the system's opener; over ssh, says where its file is.
    func open(_ document: Document) {
        guard let documents = host.session?.documents else { return }
        // The pager or opener runs when the path lands, in the inbox's turn, as the screen's other changes do.
        host.perform { [self] in
            let local = await documents.localPath(of: document)
            return {
                switch local {
                case .success(let path): open(document, at: path)
                case .failure(let error): host.report("Cannot open \(document.title): \(error)", severity: .error)
                }
            }
        }
    }

    /// Opens `document`'s bytes, on this machine at `path`, or says where they are.
    private func open(_ document: Document, at path: String) {
        switch DocumentOpener.choice(for: document, at: path, environment: services.environment) {
        case .overSSH(let path):
            host.report("Over ssh: the file is at \(path)")
        case .run(let arguments):
            guard let runOutside = services.runOutsideTerminal else {
                return host.report("Documents cannot be opened here; the file is at \(path)", severity: .warning)
            }
            var outcome: Result<Int32, ChildProcess.Failure> = .success(0)
            runOutside { outcome = ChildProcess.run(arguments) }
            switch outcome {
            case .success(0): host.report("Opened \(document.title) with \(arguments[0])")
            case .success(let status):
                host.report("\(arguments[0]) ended with status \(status); the file is at \(path)", severity: .warning)
            case .failure(let failure):
                host.report("Cannot run \(arguments[0]) (\(failure)); the file is at \(path)", severity: .error)
            }
        }
    }

    /// Attaches the file at `path` (`~` expanded) to `subject`, and says what it attached (or
    /// why not: then nothing changed).
    func attach(_ path: String, title: String?, to subject: RecordSubject) {
        guard let session = host.session else { return host.report("Open a wedding first", severity: .error) }
        let name = DocumentText.name(of: subject, in: session)
        host.perform { [weak host] in
            let attached = await session.documents.attach(fileAt: FileTransferCommands.expanded(path), title: title, to: subject)
            return { [weak host] in
                switch attached {
                case .success(let document):
                    host?.report("Attached \(document.title) (\(Formats.byteCount(document.byteCount))) to \(name)")
                case .failure(let error):
                    host?.report("Not attached: \(error)", severity: .error)
                }
            }
        }
    }
}
