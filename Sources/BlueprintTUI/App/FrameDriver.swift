import BlueprintTerminal

/// The terminal-independent heart of the app: routes keys to the root screen, performs the
/// keys the app owns (Ctrl-C, Ctrl-L, Ctrl-Z), and draws frames, with a centred notice instead
/// of the layout when the terminal is below the minimum size. `TerminalApp` drives it from the
/// real terminal; tests drive it with a `MemoryCanvas`.
@MainActor
public final class FrameDriver {
    /// The smallest terminal the panes lay out in.
    public static let minimumSize = CanvasSize(rows: 16, columns: 60)

    /// What the app does after a key.
    public enum Outcome: Hashable, Sendable {
        case nothing
        case redraw
        /// Redraw and repaint every cell (Ctrl-L: the screen may be garbled).
        case repaintAll
        case suspend
        case quit
    }

    public let root: any Screen
    public let keymap: Keymap
    public let minimumSize: CanvasSize

    public init(root: any Screen, keymap: Keymap = .standard, minimumSize: CanvasSize = FrameDriver.minimumSize) {
        self.root = root
        self.keymap = keymap
        self.minimumSize = minimumSize
    }

    /// Handles `key` on a terminal of `size`. Below the minimum size the layout is hidden, so
    /// only quitting and the app's own keys work. Quitting asks the root screen first, which
    /// may ask the user before unsaved edits are dropped.
    public func handle(_ key: Key, size: CanvasSize) -> Outcome {
        switch keymap.appAction(for: key) {
        case .quit?: return outcome(root.interrupt())
        case .redraw?: return .repaintAll
        case .suspend?: return .suspend
        default: break
        }
        if key == .resize {
            _ = root.handle(key)
            return .redraw
        }
        guard size.fits(minimumSize) else {
            return keymap.resolve(key, in: .global) == .action(.quit) ? outcome(root.interrupt()) : .nothing
        }
        return outcome(root.handle(key))
    }

    private func outcome(_ effect: Effect) -> Outcome {
        switch effect {
        case .nothing: .nothing
        case .redraw: .redraw
        case .quit: .quit
        }
    }

    /// Draws a frame on `canvas`: the root screen, or the size notice if the canvas is too small.
    public func render(into canvas: any Canvas) {
        canvas.clear()
        if canvas.size.fits(minimumSize) {
            root.render(into: canvas)
        } else {
            SizeNotice(minimum: minimumSize, keymap: keymap).render(into: canvas)
        }
    }
}
