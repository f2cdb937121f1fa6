import Foundation

/// How the terminal session is set up.
public struct TerminalOptions: Sendable {
    /// Report mouse clicks (select) and wheel steps (scroll). Off by default: with it on, the
    /// terminal's own text selection needs Shift held.
    public var mouse: Bool
    /// The most colour the theme may use (the `theme` setting); the terminal's own colours and
    /// `NO_COLOR` may allow less.
    public var colorLimit: ColorCapability
    /// Milliseconds ncurses waits after Esc for the rest of an escape sequence; the app's own
    /// decoder then waits as long again for the rest of one ncurses does not know.
    public var escapeDelay: Int32
    /// The environment `NO_COLOR` and `TERM` are read from.
    public var environment: [String: String]

    public init(mouse: Bool = false, colorLimit: ColorCapability = .indexed256, escapeDelay: Int32 = 25,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.mouse = mouse
        self.colorLimit = colorLimit
        self.escapeDelay = escapeDelay
        self.environment = environment
    }
}
