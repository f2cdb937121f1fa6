import BlueprintDomain
import BlueprintTerminal
import Synchronization

/// A progress bar on one line of a terminal, for a long job run from the command line: each
/// update is redrawn in place (a carriage return, then the line padded over the last one), at
/// most once per `interval` while the label stays the same, and `finish()` wipes it, leaving
/// the cursor at the start of an empty line for whatever is printed next.
///
/// The line is kept one column short of the terminal's width, so it never wraps (a wrapped line
/// could not be redrawn with a carriage return). Updates may come from any thread.
public final class ProgressBar: Sendable {
    private struct State {
        var lastDraw: Duration?
        var lastLabel: String?
        /// Columns of the line on the terminal now (0 when nothing is shown).
        var shownWidth = 0
    }

    private let columns: @Sendable () -> Int
    private let clock: any TimeSource
    private let interval: Duration
    private let unicode: Bool
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// - Parameters:
    ///   - columns: the terminal's width now (asked at each redraw, so a resized window is followed).
    ///   - clock: when redraws happen (a `ManualClock` in tests).
    ///   - interval: the least time between two redraws of one label.
    ///   - unicode: draw the bar in block characters (else ASCII).
    ///   - write: sends text to the terminal, unbuffered.
    public init(columns: @escaping @Sendable () -> Int, clock: any TimeSource = SystemClock(),
                interval: Duration = .milliseconds(100), unicode: Bool = TerminalLocale.isUTF8,
                write: @escaping @Sendable (String) -> Void) {
        self.columns = columns
        self.clock = clock
        self.interval = interval
        self.unicode = unicode
        self.write = write
    }

    /// Shows `line`: at once when its label is new, else only if `interval` has passed since
    /// the last redraw.
    public func update(_ line: ProgressLine) {
        let now = clock.uptime()
        let output: String? = state.withLock { state in
            if let last = state.lastDraw, line.label == state.lastLabel, now - last < interval { return nil }
            let text = line.rendered(width: columns() - 1, unicode: unicode)
            let padding = DisplayText.spaces(state.shownWidth - text.width)
            state.lastDraw = now
            state.lastLabel = line.label
            state.shownWidth = text.width
            return "\r" + text.string + padding.string
        }
        if let output { write(output) }
    }

    /// Wipes the line, if anything is shown.
    public func finish() {
        let shown = state.withLock { state in
            defer { state = State() }
            return state.shownWidth
        }
        guard shown > 0 else { return }
        write("\r" + String(repeating: " ", count: shown) + "\r")
    }
}
