import BlueprintTerminal

/// What shows instead of the layout when the terminal is smaller than the minimum: the sizes,
/// centred, as far as they fit, and the key that quits (only quitting works there).
public struct SizeNotice {
    public let minimum: CanvasSize
    public let keymap: Keymap

    public init(minimum: CanvasSize, keymap: Keymap) {
        self.minimum = minimum
        self.keymap = keymap
    }

    @MainActor
    public func render(into canvas: any Canvas) {
        let size = canvas.size
        let quit = keymap.keyName(for: .quit, in: .global).map { ", or press \($0) to quit" } ?? ""
        let paragraphs: [(DisplayText, TextStyle)] = [
            ("Terminal too small", .warning),
            (DisplayText("\(size) now, \(minimum) needed"), .normal),
            (DisplayText("Enlarge the window\(quit)."), .muted),
        ]
        let lines = paragraphs.flatMap { text, style in text.wrapped(toWidth: size.columns).map { ($0, style) } }
        let shown = lines.prefix(size.rows)
        let top = (size.rows - shown.count) / 2
        for (offset, (line, style)) in shown.enumerated() {
            canvas.draw(line, row: top + offset, column: (size.columns - line.width) / 2, style: style)
        }
    }
}
