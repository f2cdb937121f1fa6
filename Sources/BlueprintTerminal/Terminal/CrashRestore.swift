import Glibc

/// Restores the terminal when the process dies of a fatal signal (a trap, a segfault, an abort),
/// then lets the crash proceed with the handler that was there before (the Swift runtime's
/// backtracer, or the default core dump), so its report lands on a usable terminal.
///
/// A signal handler may only make async-signal-safe calls, so everything it needs (the reset
/// bytes, the saved terminal modes, a copy buffer) is prepared in `arm`; the handler writes
/// bytes, calls `tcsetattr` and re-raises.
enum CrashRestore {
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGQUIT]

    private struct State {
        var armed: Bool
        var terminalModes: termios
        var resetBytes: UnsafeMutableBufferPointer<UInt8>
        var stderrCapture: StderrCapture?
        var copyBuffer: UnsafeMutableRawBufferPointer
        var previousActions: UnsafeMutablePointer<sigaction>
    }

    /// Set once by `arm` before any handler is installed; read by the handler.
    nonisolated(unsafe) private static var state: UnsafeMutablePointer<State>?

    /// Entries in the saved-actions table, indexed by signal number; every fatal signal is below 32.
    private static let signalCount = 32

    /// Installs the handlers. `terminalModes` are the modes to restore (from before ncurses
    /// started); `resetSequence` leaves full-screen mode (attributes off, cursor shown, keypad and
    /// mouse reporting off, alternate screen left).
    @MainActor
    static func arm(terminalModes: termios, resetSequence: [UInt8], stderrCapture: StderrCapture?) {
        let resetBytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, resetSequence.count))
        _ = resetBytes.initialize(from: resetSequence)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCount)
        previous.initialize(repeating: sigaction(), count: signalCount)
        let newState = UnsafeMutablePointer<State>.allocate(capacity: 1)
        newState.initialize(to: State(
            armed: true, terminalModes: terminalModes,
            resetBytes: UnsafeMutableBufferPointer(rebasing: resetBytes[0..<resetSequence.count]),
            stderrCapture: stderrCapture,
            copyBuffer: .allocate(byteCount: 4096, alignment: 8), previousActions: previous))
        state = newState

        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in CrashRestore.restoreAndReraise(signal) }
        action.sa_flags = SA_ONSTACK
        sigemptyset(&action.sa_mask)
        for signal in fatalSignals {
            sigaction(signal, &action, &previous[Int(signal)])
            if unsafeBitCast(previous[Int(signal)].__sigaction_handler, to: Int.self) == 1 {
                // The crash must not be ignored after the terminal is restored: SIG_IGN becomes SIG_DFL.
                previous[Int(signal)] = sigaction()
            }
        }
    }

    /// Puts the previous handlers back once the terminal has been restored normally.
    @MainActor
    static func disarm() {
        guard let state, state.pointee.armed else { return }
        state.pointee.armed = false
        for signal in fatalSignals {
            sigaction(signal, &state.pointee.previousActions[Int(signal)], nil)
        }
    }

    /// The handler: restore once, put the previous action back, and raise the signal again (it
    /// is delivered to the previous action when this handler returns).
    private static func restoreAndReraise(_ signal: Int32) {
        if let state, state.pointee.armed {
            state.pointee.armed = false
            let reset = state.pointee.resetBytes
            _ = write(STDOUT_FILENO, reset.baseAddress, reset.count)
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &state.pointee.terminalModes)
            state.pointee.stderrCapture?.end(using: state.pointee.copyBuffer)
            sigaction(signal, &state.pointee.previousActions[Int(signal)], nil)
        } else {
            var defaultAction = sigaction()
            sigaction(signal, &defaultAction, nil)
        }
        raise(signal)
    }
}
