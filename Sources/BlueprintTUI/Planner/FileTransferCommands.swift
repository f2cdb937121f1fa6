import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// `:import` and `:export`: the file layer (`transfer`) run on the open wedding, with the
/// questions each may ask first, and its one-line result or error in the status line.
@MainActor
struct FileTransferCommands {
    let transfer: (any DataTransfer)?
    unowned let host: any PlannerHost

    /// Imports the file at `path` (`~` expanded); guests whose meals the wedding lacks wait for
    /// a question: add those meal options (in the same write) and import, or import nothing.
    func importFile(_ kind: TransferKind, path: String, sheet: String?, addingMealOptions: Bool = false) {
        let path = Self.expanded(path)
        run { transfer, session in
            do {
                return reporting(try await transfer.importFile(kind, path: path, sheet: sheet,
                                                               addingMealOptions: addingMealOptions, into: session))
            } catch let question as MealOptionsToAdd {
                let options = question.options.map { "“\($0)”" }.joined(separator: ", ")
                return { [weak host] in
                    host?.present(ConfirmOverlay(
                        dialog: ConfirmDialog(title: DisplayText("Add meal options"),
                                              message: DisplayText("\(question.fileName) has guests who chose \(options), which "
                                                  + "this wedding does not offer. Add them to the meal options and import?"),
                                              confirmLabel: "Add and import"),
                        onConfirm: { self.importFile(kind, path: path, sheet: sheet, addingMealOptions: true) },
                        onCancel: { [weak host] in host?.report("Nothing was imported from \(question.fileName)") }))
                }
            }
        }
    }

    /// Exports to `path` (`~` expanded), asking first whether to replace a file already there.
    func exportFile(_ kind: TransferKind, format: TransferFormat, to path: String) {
        let path = Self.expanded(path)
        let export = { (replacing: Bool) in
            run { transfer, session in
                reporting(try await transfer.exportFile(kind, format: format, path: path, replacing: replacing, from: session))
            }
        }
        guard FileManager.default.fileExists(atPath: path) else {
            export(false)
            return
        }
        host.present(ConfirmOverlay(
            dialog: ConfirmDialog(title: DisplayText("Replace \(URL(fileURLWithPath: path).lastPathComponent)"),
                                  message: DisplayText("\(path) already exists. Replace it with the \(kind.rawValue)?"),
                                  confirmLabel: "Replace"),
            onConfirm: { export(true) },
            onCancel: { [weak host] in host?.report("Not exported: \(path) is kept as it was") }))
    }

    /// Runs `work` with the file layer and the open wedding in the background; what it returns
    /// lands (its result reported, or a question asked), or else why it failed is reported.
    private func run(_ work: @escaping @MainActor (any DataTransfer, WeddingSession) async throws -> ScreenLanding) {
        guard let transfer, let session = host.session else {
            host.report("Files cannot be imported or exported here", severity: .error)
            return
        }
        host.perform { [weak host] in
            do {
                return try await work(transfer, session)
            } catch {
                return { [weak host] in host?.report(String(describing: error), severity: .error) }
            }
        }
    }

    /// What reports `result` (a one-line summary of what was imported or exported) when it lands.
    private func reporting(_ result: String) -> ScreenLanding {
        { [weak host] in host?.report(result) }
    }

    /// `path` with a leading `~` expanded.
    static func expanded(_ path: String) -> String { (path as NSString).expandingTildeInPath }
}
