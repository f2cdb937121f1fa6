import BlueprintDomain
import BlueprintTerminal

/// The `?` overlay: every binding of the keymap, section by section, scrollable. It is drawn
/// from the same table that dispatches keys, so it lists exactly what the keys do.
@MainActor
public final class HelpOverlay {
    /// One line of the help text.
    public struct Line: Hashable, Sendable {
        /// The key names column; empty on section headings and blank lines.
        public let keys: DisplayText
        public let text: DisplayText
        public let isHeading: Bool
    }

    public let lines: [Line]
    public private(set) var scrollOffset = 0
    private var viewportRows = 1
    private let keymap: Keymap

    public init(keymap: Keymap = .standard) {
        self.keymap = keymap
        var lines: [Line] = []
        for (mode, bindings) in keymap.sections {
            if !lines.isEmpty { lines.append(Line(keys: .empty, text: .empty, isHeading: false)) }
            lines.append(Line(keys: .empty, text: DisplayText(mode.title), isHeading: true))
            lines += bindings.map { Line(keys: DisplayText($0.keyNames), text: DisplayText($0.help), isHeading: false) }
        }
        self.lines = lines
    }

    public enum Outcome: Hashable, Sendable {
        case stayOpen, close
    }

    /// Handles a key in the `help` mode: scrolling, or closing.
    public func handle(_ key: Key) -> Outcome {
        guard case .action(let action) = keymap.resolve(key, in: .help),
              let perform = Self.keyCommands.handler(for: action, in: .help) else { return .stayOpen }
        return perform(self)
    }

    /// Draws the overlay over most of the canvas.
    public func render(into canvas: any Canvas) {
        let box = CanvasRect(canvas.size).centered(rows: canvas.size.rows - 2, columns: min(canvas.size.columns - 4, 78))
        viewportRows = max(1, box.rows - 2)
        scroll(to: scrollOffset)
        let more = scrollOffset + viewportRows < lines.count
        BoxFrame.render(into: canvas, rect: box, title: DisplayText("Keys · \(BlueprintVersion.banner)"),
                        footer: DisplayText(keymap.hints([(.cancel, "closes")], in: .help, more: more)))
        let inner = box.inset(by: 1)
        let keyWidth = min(20, lines.map(\.keys.width).max() ?? 0)
        for (index, line) in lines.dropFirst(scrollOffset).prefix(viewportRows).enumerated() {
            let row = inner.row + index
            if line.isHeading {
                canvas.draw(line.text.truncated(toWidth: inner.columns - 2), row: row, column: inner.column + 1, style: .header)
            } else if !line.keys.isEmpty {
                canvas.draw(line.keys.truncated(toWidth: keyWidth), row: row, column: inner.column + 2, style: .accent)
                canvas.draw(line.text, row: row, column: inner.column + 4 + keyWidth,
                            width: inner.columns - keyWidth - 5, style: .normal)
            }
        }
    }

    private func scroll(to offset: Int) {
        scrollOffset = min(max(0, offset), max(0, lines.count - viewportRows))
    }

    /// Scrolls to the offset `offset` finds from the one shown; help stays open.
    private nonisolated static func scrolling(_ offset: @escaping @MainActor @Sendable (HelpOverlay) -> Int)
        -> @MainActor @Sendable (HelpOverlay) -> Outcome {
        { help in
            help.scroll(to: offset(help))
            return .stayOpen
        }
    }
}

extension HelpOverlay {
    /// Help's keys.
    nonisolated static let keyCommands: [HandledKeyCommand<@MainActor @Sendable (HelpOverlay) -> Outcome>] = [
        HandledKeyCommand(.help, [.escape, .character("?"), .character("q"), .function(1)], .cancel, "Close help") { _ in .close },
        HandledKeyCommand(.help, [.character("k"), .up], .moveUp, "Scroll up", perform: scrolling { $0.scrollOffset - 1 }),
        HandledKeyCommand(.help, [.character("j"), .down], .moveDown, "Scroll down", perform: scrolling { $0.scrollOffset + 1 }),
        HandledKeyCommand(.help, [.pageUp], .pageUp, "Page up", perform: scrolling { $0.scrollOffset - $0.viewportRows }),
        HandledKeyCommand(.help, [.pageDown, .character(" ")], .pageDown, "Page down", perform: scrolling { $0.scrollOffset + $0.viewportRows }),
        HandledKeyCommand(.help, [.character("g"), .home], .top, "Top", perform: scrolling { _ in 0 }),
        HandledKeyCommand(.help, [.character("G"), .end], .bottom, "Bottom", perform: scrolling { $0.lines.count }),
    ]
}
