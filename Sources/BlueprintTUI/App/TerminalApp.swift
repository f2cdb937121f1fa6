import BlueprintTerminal
import Dispatch
import Glibc

/// The running terminal app: owns the ncurses session and the event sources, and drives the
/// root screen through a `FrameDriver`.
///
/// Everything happens on the main actor, which owns every ncurses call, and goes through one
/// `EventInbox`: keys (read when a `DispatchSource` says standard input is readable, then
/// drained from ncurses in no-delay mode), signals (signal sources), and messages from other
/// code (`post(_:)`: another session's change, what an intent's background work shows).
/// Each drained batch is handled in order and drawn as one frame. Nothing polls: an idle
/// session uses no CPU and sends no bytes.
@MainActor
public final class TerminalApp {
    /// Signals watched by sources; they are ignored as signals so ncurses installs no handlers.
    private static let watchedSignals = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]

    private let options: TerminalOptions
    private let keymap: Keymap
    private var session: TerminalSession?
    private var driver: FrameDriver?
    private var sources: [any DispatchSourceProtocol] = []
    private var inputSource: (any DispatchSourceRead)?
    private var onExit: @MainActor () async -> Void = {}
    private var inbox: EventInbox?
    /// When the keys being handled were read (for `keyToFrame`); `nil` outside their drain.
    private var keysReadAt: ContinuousClock.Instant?
    private var terminating = false
    /// Whether the next frame sends every cell (the terminal was handed to another program).
    private var repaintPending = false
    /// Counts the waits for the rest of an escape sequence; only the latest may end it.
    private var escapeSequenceWaits = 0
    private var parked: CheckedContinuation<Void, Never>?

    /// Told how long each batch of keys took from being read to its frame being sent, for the
    /// diagnostics view and the log of slow operations.
    public var keyToFrame: (@MainActor (Duration) -> Void)?
    /// Told once, when the first frame has been handed to the terminal (for the startup timings).
    public var firstFrame: (@MainActor () -> Void)?

    public init(options: TerminalOptions = TerminalOptions(), keymap: Keymap = .standard) {
        self.options = options
        self.keymap = keymap
    }

    /// The theme chosen for this terminal, once running.
    public var theme: Theme? { session?.theme }

    /// Takes over the terminal (full-screen mode, nothing drawn yet), or throws a
    /// `TerminalSessionError` with a message for the user before touching it: not a terminal,
    /// unknown `TERM`, no cursor addressing. Call it before slow or irreversible work, so a
    /// terminal that cannot work is reported first. Does nothing if already started.
    public func start() throws {
        guard session == nil else { return }
        for signal in Self.watchedSignals { Glibc.signal(signal, SIG_IGN) }
        do {
            session = try TerminalSession.start(options: options)
        } catch {
            for signal in Self.watchedSignals { Glibc.signal(signal, SIG_DFL) }
            throw error
        }
    }

    /// Gives the terminal back after `start()` when the app will not `run` after all (opening
    /// the data failed); a later error message then lands on a normal terminal.
    public func stop() {
        session?.end()
        session = nil
        for signal in Self.watchedSignals { Glibc.signal(signal, SIG_DFL) }
    }

    /// Shows `root` until the user quits or a signal ends the app, then runs `onExit` (save what
    /// needs saving), restores the terminal and exits the process: status 0 for quit, 128 + the
    /// signal number for SIGINT, SIGTERM and SIGHUP. Starts the terminal first if `start()` was
    /// not called, throwing as it does.
    ///
    /// Call it from an async main, which parks the process in `dispatchMain()`: events then
    /// arrive on the main queue, which the main actor uses.
    public func run(_ root: any Screen, onExit: @escaping @MainActor () async -> Void = {}) async throws -> Never {
        try start()
        guard let session else { preconditionFailure("the terminal session did not start") }
        self.onExit = onExit
        driver = FrameDriver(root: root, keymap: keymap)
        inbox = EventInbox(requestDrain: { drain in DispatchQueue.main.async { MainActor.assumeIsolated { drain() } } },
                           handle: { [unowned self] in self.handle($0) },
                           draw: { [unowned self] in self.draw($0) })
        startSources()
        _ = session.updateSize()
        render(repaintAll: false)
        // Nothing resumes this: the app leaves through exit() in terminate(status:).
        await withCheckedContinuation { parked = $0 }
        preconditionFailure("the terminal app resumed after parking")
    }

    /// Makes the state change `handle` carries in the inbox's order, after the events queued
    /// before it, and draws it with their batch; before the app runs, and once it is leaving
    /// (saving on the way out), at once.
    public func post(_ handle: @escaping @MainActor () -> Void) {
        guard session != nil, let inbox, !terminating else { return handle() }
        inbox.post(.message(InboxMessage(handle)))
    }

    /// Runs `body` (another program in the foreground, such as a pager, and waiting for it) with
    /// the terminal handed back, then takes the terminal again and repaints everything.
    public func suspend(while body: () -> Void) {
        guard let session, !terminating else { return }
        session.handOver(body)
        _ = session.updateSize()
        repaintPending = true
        inbox?.post(.redraw)
    }

    /// Leaves the app as `q` does: exit hook, restore, exit with status 0.
    public func quit() { terminate(status: 0) }

    private func startSources() {
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { MainActor.assumeIsolated { self.inputReady() } }
        input.resume()
        inputSource = input
        for signal in Self.watchedSignals {
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { self.inbox?.post(.signal(signal)) } }
            source.resume()
            sources.append(source)
        }
    }

    /// Reads what the terminal has and handles it at once, with whatever else is queued, so a
    /// key is never held behind a drain that was asked for earlier.
    ///
    /// The size is taken first: a key typed just after the window grew can be read before the
    /// SIGWINCH that says so is handled, and would otherwise meet the "too small" notice.
    private func inputReady() {
        guard let session, !terminating else { return }
        let resized = session.updateSize()
        guard let keys = session.readKeys() else {
            hangUp()
            return
        }
        deliver((resized ? [.resize] : []) + keys)
        awaitRestOfEscapeSequence()
    }

    /// Handles keys just read, with whatever else is queued, and times them to their frame.
    private func deliver(_ keys: [Key]) {
        keysReadAt = .now
        inbox?.post(.keys(keys))
        inbox?.drain()
        // Keys that changed nothing drew no frame; the next frame is not theirs to time.
        keysReadAt = nil
    }

    /// When the read ended inside an escape sequence (or on Esc), gives the rest the escape
    /// delay to arrive; a later read that finishes the sequence makes this wait a no-op. One
    /// timer per unfinished sequence, none while idle.
    private func awaitRestOfEscapeSequence() {
        guard let session, session.isWaitingForEscapeSequence else { return }
        escapeSequenceWaits += 1
        let wait = escapeSequenceWaits
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(Int(options.escapeDelay))) {
            MainActor.assumeIsolated {
                guard wait == self.escapeSequenceWaits, let session = self.session, !self.terminating,
                      session.isWaitingForEscapeSequence else { return }
                self.deliver(session.finishEscapeSequence())
            }
        }
    }

    private func handle(_ event: AppEvent) -> FrameNeed {
        guard session != nil, !terminating else { return .none }
        switch event {
        case .keys(let keys):
            return handle(keys)
        case .signal(let signal):
            return received(signal)
        case .message(let message):
            message.handle()
            return .frame
        case .redraw:
            return .frame
        }
    }

    private func received(_ signal: Int32) -> FrameNeed {
        guard let session else { return .none }
        switch signal {
        case SIGWINCH:
            _ = session.updateSize()
            // resizeterm may queue KEY_RESIZE in ncurses, where no read source would see it.
            defer { awaitRestOfEscapeSequence() }
            return handle([.resize] + (session.readKeys() ?? []))
        case SIGTSTP:
            suspend()
            return .repaintAll
        case SIGCONT:
            _ = session.updateSize()
            return .repaintAll
        case SIGHUP:
            hangUp()
        default:
            terminate(status: 128 + signal, forceIfRepeated: true)
        }
        return .none
    }

    private func handle(_ keys: [Key]) -> FrameNeed {
        guard let session, let driver, !terminating else { return .none }
        var need = FrameNeed.none
        for (index, key) in keys.enumerated() where !(key == .resize && index > 0 && keys[index - 1] == .resize) {
            switch driver.handle(key, size: session.canvas.size) {
            case .nothing: break
            case .redraw: need = max(need, .frame)
            case .repaintAll: need = .repaintAll
            case .suspend:
                suspend()
                need = .repaintAll
            case .quit:
                terminate(status: 0)
                return .none
            }
        }
        return need
    }

    /// Draws the frame a drained batch needs, and reports how long its keys took to show.
    private func draw(_ need: FrameNeed) {
        render(repaintAll: need == .repaintAll)
        if let keysReadAt {
            self.keysReadAt = nil
            keyToFrame?(ContinuousClock.now - keysReadAt)
        }
    }

    private func render(repaintAll: Bool) {
        guard let session, let driver, !terminating else { return }
        driver.render(into: session.canvas)
        session.canvas.present(repaintAll: repaintAll || repaintPending)
        repaintPending = false
        if let firstFrame {
            self.firstFrame = nil
            firstFrame()
        }
    }

    /// Hands the terminal back to the shell until SIGCONT; the caller draws afresh then.
    private func suspend() {
        guard let session else { return }
        session.suspend()
        _ = session.updateSize()
    }

    /// The terminal is gone (ssh dropped): stop reading (end of file would wake the loop
    /// forever), save, restore what can be restored, exit.
    private func hangUp() {
        inputSource?.cancel()
        terminate(status: 128 + SIGHUP)
    }

    /// Runs the exit hook, restores the terminal and exits. With `forceIfRepeated`, a request
    /// made while the hook runs (a second SIGINT or SIGTERM) exits at once; a hangup reported
    /// twice (end of file, then SIGHUP) still waits for the hook.
    private func terminate(status: Int32, forceIfRepeated: Bool = false) {
        guard !terminating else {
            if forceIfRepeated {
                session?.end()
                exit(status)
            }
            return
        }
        terminating = true
        inbox?.stop()
        inputSource?.cancel()
        Task { @MainActor in
            await onExit()
            session?.end()
            exit(status)
        }
    }
}
