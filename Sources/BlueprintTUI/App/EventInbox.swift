import BlueprintTerminal

/// Something that makes the app act: keys read from the terminal, a signal (resize, suspend,
/// hang-up, …), or a request for a frame (a store changed, another session's change arrived).
public enum AppEvent: Hashable, Sendable {
    case keys([Key])
    case signal(Int32)
    case redraw
}

/// What handling events asks of the screen.
public enum FrameNeed: Comparable, Sendable {
    case none
    case frame
    /// A frame with every cell sent again (Ctrl-L, after a suspend: the screen may be garbled).
    case repaintAll
}

/// The app's one inbox (as bubbletea has): every event source posts here, and the app drains
/// it, handling the events in the order they came and drawing one frame for the whole batch.
///
/// Draining is asked for once however many events arrive before it runs, so a burst of store
/// changes, or keys typed faster than frames are drawn, costs one frame. Nothing polls: with
/// nothing posted, nothing runs.
@MainActor
public final class EventInbox {
    private var pending: [AppEvent] = []
    private var drainRequested = false
    private var stopped = false
    private let requestDrain: @MainActor (@escaping @MainActor () -> Void) -> Void
    private let handle: @MainActor (AppEvent) -> FrameNeed
    private let draw: @MainActor (FrameNeed) -> Void

    /// - Parameters:
    ///   - requestDrain: runs the given closure soon, after the work in hand (the app: on the main
    ///     queue); called at most once per batch.
    ///   - handle: handles one event and says what it needs drawn.
    ///   - draw: draws one frame for a drained batch (never called with `.none`).
    public init(requestDrain: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void,
                handle: @escaping @MainActor (AppEvent) -> FrameNeed,
                draw: @escaping @MainActor (FrameNeed) -> Void) {
        self.requestDrain = requestDrain
        self.handle = handle
        self.draw = draw
    }

    /// Queues `event` and asks for a drain if none is asked for yet.
    public func post(_ event: AppEvent) {
        guard !stopped else { return }
        pending.append(event)
        guard !drainRequested else { return }
        drainRequested = true
        requestDrain { [weak self] in self?.drain() }
    }

    /// Handles every queued event, including those posted while handling, then draws once.
    public func drain() {
        drainRequested = false
        var need = FrameNeed.none
        while !pending.isEmpty, !stopped {
            let batch = pending
            pending = []
            for event in batch where !stopped { need = max(need, handle(event)) }
        }
        if need != .none, !stopped { draw(need) }
    }

    /// Drops what is queued and takes nothing more (the app is leaving).
    public func stop() {
        stopped = true
        pending = []
    }
}
