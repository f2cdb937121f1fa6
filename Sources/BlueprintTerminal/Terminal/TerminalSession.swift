import CNcursesw
import Foundation

/// The terminal in full-screen mode: ncurses started with `newterm` on standard input and
/// output, and everything needed to put the terminal back. Main actor only, like every ncurses
/// call.
@MainActor
public final class TerminalSession {
    public let canvas: CursesCanvas
    public let theme: Theme
    private let window: UnsafeMutablePointer<WINDOW>
    private let stderrCapture: StderrCapture?
    private var ended = false
    private var escapeSequences = EscapeSequenceDecoder()

    /// Takes over the terminal, or throws a `TerminalSessionError` that says why it cannot,
    /// leaving the terminal untouched. The caller must have set SIGINT, SIGTERM, SIGHUP,
    /// SIGWINCH and SIGTSTP to be ignored (and watch them with signal sources), so ncurses
    /// installs no handlers of its own.
    public static func start(options: TerminalOptions) throws -> TerminalSession {
        TerminalLocale.adopt()
        guard isatty(STDIN_FILENO) == 1 else { throw TerminalSessionError.notATerminal(stream: "Standard input") }
        guard isatty(STDOUT_FILENO) == 1 else { throw TerminalSessionError.notATerminal(stream: "Standard output") }
        guard let terminalType = options.environment["TERM"], !terminalType.isEmpty else {
            throw TerminalSessionError.terminalTypeNotSet
        }
        var shellModes = termios()
        tcgetattr(STDIN_FILENO, &shellModes)
        // newterm, unlike initscr, returns NULL for an unknown terminal instead of exiting.
        guard let screen = newterm(terminalType, cn_stdout(), cn_stdin()) else {
            throw TerminalSessionError.unknownTerminal(terminalType)
        }
        guard cn_tigetstr("cup") != nil, let window = cn_stdscr() else {
            endwin()
            delscreen(screen)
            throw TerminalSessionError.noCursorAddressing(terminalType)
        }
        return TerminalSession(window: window, shellModes: shellModes, options: options)
    }

    private init(window: UnsafeMutablePointer<WINDOW>, shellModes: termios, options: TerminalOptions) {
        self.window = window
        raw()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        intrflush(window, false)
        // Lets doupdate scroll the terminal's lines instead of resending them (fewer bytes per scroll step).
        idlok(window, true)
        set_escdelay(options.escapeDelay)
        if options.mouse {
            mousemask(KeyDecoder.mouseMask, nil)
            // Report presses at once: no wait to tell a click from a press.
            mouseinterval(0)
        } else {
            // Without mouse reporting ncurses would take a stray report's start (terminfo's kmous,
            // `ESC [<` in xterm's entry) for KEY_MOUSE and hand over the rest as typed text; off,
            // the whole report reaches the escape-sequence decoder, which drops it.
            keyok(KEY_MOUSE, false)
        }
        theme = Theme(capability: ColorCapability.detect(
            environment: options.environment, hasColors: has_colors(), colors: Int(tigetnum("colors")), limit: options.colorLimit))
        canvas = CursesCanvas(window: window, palette: CursesPalette(theme: theme))
        // ncurses flushes its output after every cursor movement until the screen has once been
        // left and resumed (its `_endwin` state stays "initial"): one write per line drawn. Leaving
        // and resuming here, before the first frame, makes each frame a single write.
        endwin()
        doupdate()
        stderrCapture = StderrCapture.begin(temporaryDirectory: options.environment["TMPDIR"] ?? "/tmp")
        CrashRestore.arm(terminalModes: shellModes, resetSequence: Self.resetSequence(mouse: options.mouse),
                         stderrCapture: stderrCapture)
    }

    /// Every key ncurses has, read without waiting; nil when input is gone (the terminal hung up).
    /// An Esc or an escape sequence still unfinished at the end waits for the next read, or for
    /// `finishEscapeSequence()` when `isWaitingForEscapeSequence` and nothing came in time.
    public func readKeys() -> [Key]? {
        var keys: [Key] = []
        var readAnything = false
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == ERR { break }
            readAnything = true
            keys += escapeSequences.decode(status: status, value: value, mouse: readMouse)
        }
        if !readAnything && inputHungUp() { return nil }
        return keys
    }

    /// Whether an Esc or an unfinished escape sequence waits for the rest of its bytes.
    public var isWaitingForEscapeSequence: Bool { escapeSequences.isWaiting }

    /// Ends the Esc or escape sequence that waited the escape delay in vain: Esc alone is
    /// the Esc key, an unfinished sequence is dropped.
    public func finishEscapeSequence() -> [Key] { escapeSequences.finish() }

    /// Takes the size the kernel reports for the terminal; true if it changed.
    public func updateSize() -> Bool {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cn_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0,
              rows != cn_lines() || columns != cn_cols() else { return false }
        resizeterm(rows, columns)
        return true
    }

    /// Gives the terminal back to the shell and stops the process; returns once it is continued
    /// (`fg`), with full-screen mode back on. The next frame should repaint everything.
    public func suspend() {
        endwin()
        // SIGSTOP cannot be blocked or ignored, so the stop happens whatever dispatch does with SIGTSTP.
        kill(getpid(), SIGSTOP)
        reset_prog_mode()
    }

    /// Hands the terminal to `body` (another program run in the foreground, such as a pager) and
    /// takes it back after: full-screen mode is off while `body` runs and on again when it
    /// returns. The next frame should repaint everything.
    public func handOver(_ body: () -> Void) {
        def_prog_mode()
        endwin()
        body()
        reset_prog_mode()
        refresh()
    }

    /// Restores the terminal and copies captured standard error to it. Safe to call twice.
    public func end() {
        guard !ended else { return }
        ended = true
        endwin()
        CrashRestore.disarm()
        if let stderrCapture {
            withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 8) { stderrCapture.end(using: $0) }
        }
    }

    private func readMouse() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        return KeyDecoder.mouse(buttonState: UInt32(truncatingIfNeeded: event.bstate), row: Int(event.y), column: Int(event.x))
    }

    /// Whether standard input is at end of file or hung up: readable with nothing to read.
    private func inputHungUp() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        return cn_bytes_available(STDIN_FILENO) == 0
    }

    /// The bytes that leave full-screen mode, from terminfo: attributes off, cursor shown, keypad
    /// transmit off, mouse reporting off, alternate screen left. For the crash handler.
    private static func resetSequence(mouse: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for capability in ["sgr0", "cnorm", "rmkx"] {
            if let value = cn_tigetstr(capability) { bytes += withoutPadding(String(cString: value)).utf8 }
        }
        if mouse { bytes += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8 }
        if let value = cn_tigetstr("rmcup") { bytes += withoutPadding(String(cString: value)).utf8 }
        return bytes
    }

    /// A terminfo string without its `$<…>` padding delays, which only tputs understands.
    private static func withoutPadding(_ capability: String) -> String {
        var result = ""
        var rest = Substring(capability)
        while let start = rest.range(of: "$<") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { return result }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
