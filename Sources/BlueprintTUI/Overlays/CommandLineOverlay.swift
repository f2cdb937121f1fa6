import BlueprintTerminal

/// The `:` line over the status line, with Tab completion; the candidates show on the line
/// above it when there are several.
@MainActor
final class CommandLineOverlay: Overlay {
    private var field = TextField()
    private(set) var completion = CommandCompletion()
    private var candidates: [String] = []

    init(weddingNames: [String] = []) {
        completion.weddingNames = weddingNames
    }

    var keyMode: KeyMode { .commandLine }
    var modeName: String { "COMMAND" }

    /// Offers these names after `wedding` (they arrive once the data directory has been read).
    func offer(weddingNames: [String]) { completion.weddingNames = weddingNames }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let row = canvas.size.rows - 1
        if !candidates.isEmpty {
            let list = DisplayText(candidates.joined(separator: "  "))
            canvas.fill(CanvasRect(row: row - 1, column: 0, rows: 1, columns: canvas.size.columns), style: .statusBar)
            canvas.draw(list.truncated(toWidth: canvas.size.columns - 2), row: row - 1, column: 1, style: .statusBar)
        }
        canvas.fill(CanvasRect(row: row, column: 0, rows: 1, columns: canvas.size.columns))
        canvas.draw(":", row: row, column: 0, style: .accent)
        field.render(into: canvas, row: row, column: 1, width: canvas.size.columns - 2, focused: true)
    }

    func handle(_ key: Key, host: any PlannerHost) {
        if case .action(let action) = host.keymap.resolve(key, in: .commandLine),
           Self.keyCommands.perform(action, in: .commandLine, on: self, host: host) { return }
        if field.handle(key, keymap: host.keymap) { candidates = [] }
    }
}

extension CommandLineOverlay {
    /// The command line's keys; other keys edit the command (`TextField.keyCommands`).
    nonisolated static let keyCommands: [PlannerKeyCommand<CommandLineOverlay>] = [
        HandledKeyCommand(.commandLine, [.enter], .submit, "Run the command") { line, host in
            host.dismiss(line)
            guard !line.field.text.trimmingCharacters(in: .whitespaces).isEmpty else { return true }
            switch PlannerCommand.parse(line.field.text, keymap: host.keymap) {
            case .success(let command): host.run(command)
            case .failure(let error): host.report(error.description, severity: .error)
            }
            return true
        },
        HandledKeyCommand(.commandLine, [.tab], .complete, "Complete the word") { line, _ in
            let (text, options) = line.completion.complete(line.field.text)
            line.field = TextField(text)
            line.candidates = options
            return true
        },
        HandledKeyCommand(.commandLine, [.escape], .cancel, "Close the command line") { line, host in
            host.dismiss(line)
            return true
        },
    ]
}
