import BlueprintTerminal

/// Something that makes the app act: keys read from the terminal, a signal (resize, suspend,
/// hang-up, …), a message whose state change runs here (a change committed, a load landed), or
/// a request for a frame (a store changed behind the screen).
public enum AppEvent: Hashable {
    case keys([Key])
    case signal(Int32)
    case message(InboxMessage)
    case redraw
}

/// A state change to make in the inbox's order, with the keys: the open wedding's messages
/// (`SessionMessage`), which the planner hands to its session. Each is its own event.
public struct InboxMessage: Hashable {
    private let number: UInt64
    let handle: @MainActor () -> Void

    @MainActor private static var posted: UInt64 = 0

    @MainActor
    public init(_ handle: @escaping @MainActor () -> Void) {
        Self.posted += 1
        number = Self.posted
        self.handle = handle
    }

    public static func == (lhs: InboxMessage, rhs: InboxMessage) -> Bool { lhs.number == rhs.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
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

    /// Takes nothing more (the app is leaving): the messages queued still make their changes
    /// (whoever awaits them, such as an edit being saved on the way out, goes on), the rest is
    /// dropped, and nothing is drawn.
    public func stop() {
        stopped = true
        let queued = pending
        pending = []
        for case .message(let message) in queued { message.handle() }
    }
}
