import Foundation

/// How the terminal session is set up.
public struct TerminalOptions: Sendable {
    /// Report mouse clicks (select) and wheel steps (scroll). Off by default: with it on, the
    /// terminal's own text selection needs Shift held.
    public var mouse: Bool
    /// Milliseconds ncurses waits after Esc for the rest of an escape sequence.
    public var escapeDelay: Int32
    /// The environment `NO_COLOR` and `TERM` are read from.
    public var environment: [String: String]

    public init(mouse: Bool = false, escapeDelay: Int32 = 25,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.mouse = mouse
        self.escapeDelay = escapeDelay
        self.environment = environment
    }
}
