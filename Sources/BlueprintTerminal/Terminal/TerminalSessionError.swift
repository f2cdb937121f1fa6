import BlueprintText

/// Why the full-screen terminal could not start. Each message names the problem and what to do.
public enum TerminalSessionError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output (named) is not a terminal: a pipe, a file, or no terminal at all.
    case notATerminal(stream: String)
    /// `TERM` is unset or empty.
    case terminalTypeNotSet
    /// `TERM` names a terminal type with no terminfo entry.
    case unknownTerminal(String)
    /// The terminal type cannot move the cursor (`TERM=dumb`, a line printer).
    case noCursorAddressing(String)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            "\(stream) is not a terminal. The full-screen planner needs an interactive terminal; "
                + "run it from one, not from a pipe, a file or a script."
        case .terminalTypeNotSet:
            "TERM is not set, so the terminal's capabilities are unknown. "
                + "Set it to your terminal's type, for example TERM=xterm-256color."
        case .unknownTerminal(let name):
            "Unknown terminal type \"\(TerminalSanitizer.sanitize(name))\" (TERM): there is no terminfo entry for it. "
                + "Set TERM to a known type such as xterm-256color, or install the entry (infocmp shows what is installed)."
        case .noCursorAddressing(let name):
            "The terminal type \"\(TerminalSanitizer.sanitize(name))\" (TERM) cannot move the cursor, "
                + "which the full-screen planner needs. Use a terminal such as xterm-256color."
        }
    }

    /// The process exit status for this error.
    public var exitCode: Int32 { 1 }
}
