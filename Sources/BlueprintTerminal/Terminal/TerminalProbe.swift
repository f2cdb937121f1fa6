import CNcursesw
import Foundation

/// What the terminal this process runs in offers the planner, found without taking it over: the
/// terminfo entry is read with `setupterm` (curses is never started, so nothing is drawn and the
/// terminal's modes are untouched). For `blueprint doctor`.
public struct TerminalProbe: Sendable {
    /// What terminfo says about `TERM`.
    public enum Terminfo: Sendable, Equatable {
        /// `TERM` is unset or empty.
        case notSet
        /// No entry for the type (or no terminfo database at all, `databaseMissing`).
        case unknown(databaseMissing: Bool)
        /// The entry: whether it can move the cursor (`cup`), and its colours (`colors`, 0 without).
        case known(cursorAddressing: Bool, colors: Int)
    }

    /// The character-type locale as the environment asks for it and as the C library takes it.
    public struct Locale: Sendable, Equatable {
        /// The variable that decides the character type (`LC_ALL`, `LC_CTYPE` or `LANG`), or
        /// `nil` when none is set.
        public let variable: String?
        /// That variable's value.
        public let requested: String?
        /// Whether `setlocale(LC_CTYPE, "")` accepted it (the locale is installed).
        public let accepted: Bool
        /// The character set the C library uses for it (`UTF-8`, `ANSI_X3.4-1968`, …).
        public let codeset: String
        /// Whether the planner measures and draws text as UTF-8 (it switches a plain C locale
        /// to C.UTF-8 itself; see `TerminalLocale`).
        public let plannerUsesUTF8: Bool

        /// Whether the requested locale itself is UTF-8.
        public var isUTF8: Bool { ["utf-8", "utf8"].contains(codeset.lowercased()) }
    }

    public let standardInputIsTerminal: Bool
    public let standardOutputIsTerminal: Bool
    /// `TERM`, as set.
    public let terminalType: String?
    public let terminfo: Terminfo
    /// The colours the planner will use (`NO_COLOR` honoured).
    public let colors: ColorCapability
    /// The window's size, from whichever standard stream is a terminal; `nil` when none is.
    public let size: CanvasSize?
    public let locale: Locale

    /// Probes this process's terminal. `environment` must be this process's own (the C library
    /// reads the locale variables from it too). Sets the process locale as the planner would;
    /// call it once, before anything else reads the locale.
    @MainActor
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalProbe {
        let locale = probeLocale(environment)
        let type = environment["TERM"]
        let terminfo = probeTerminfo(type)
        var hasColors = false
        var colorCount = 0
        if case let .known(_, colors) = terminfo {
            // ncurses' has_colors() needs a started screen; this is its test on the entry alone.
            let has = { (name: String) in cn_tigetstr(name) != nil }
            hasColors = colors > 0 && tigetnum("pairs") > 0
                && ((has("setaf") && has("setab")) || (has("setf") && has("setb")) || has("scp"))
            colorCount = colors
        }
        return TerminalProbe(
            standardInputIsTerminal: isatty(STDIN_FILENO) == 1, standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            terminalType: type, terminfo: terminfo,
            colors: ColorCapability.detect(environment: environment, hasColors: hasColors, colors: colorCount),
            size: [STDOUT_FILENO, STDIN_FILENO, STDERR_FILENO].lazy.compactMap(Self.size(of:)).first,
            locale: locale)
    }

    /// The size of the terminal open on `descriptor`, or `nil` when it is not a terminal.
    public static func size(of descriptor: Int32) -> CanvasSize? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard isatty(descriptor) == 1, cn_window_size(descriptor, &rows, &columns) == 0, rows > 0, columns > 0 else {
            return nil
        }
        return CanvasSize(rows: Int(rows), columns: Int(columns))
    }

    @MainActor
    private static func probeTerminfo(_ type: String?) -> Terminfo {
        guard let type, !type.isEmpty else { return .notSet }
        var status: Int32 = 0
        // With a status pointer, setupterm reports instead of printing and exiting.
        guard setupterm(type, STDOUT_FILENO, &status) == OK else { return .unknown(databaseMissing: status == -1) }
        return .known(cursorAddressing: cn_tigetstr("cup") != nil, colors: max(Int(tigetnum("colors")), 0))
    }

    private static func probeLocale(_ environment: [String: String]) -> Locale {
        let variable = ["LC_ALL", "LC_CTYPE", "LANG"].first { !(environment[$0] ?? "").isEmpty }
        let accepted = setlocale(LC_CTYPE, "") != nil
        let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
        return Locale(variable: variable, requested: variable.flatMap { environment[$0] }, accepted: accepted,
                      codeset: codeset, plannerUsesUTF8: TerminalLocale.isUTF8)
    }
}
