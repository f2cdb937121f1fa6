import BlueprintDomain
@testable import BlueprintStores

/// A session's messages held as the front end's inbox would queue them, for a test to hand to
/// the session in the order it chooses: what a race would interleave, made one fixed order.
@MainActor
final class HeldMessages {
    private var queue: [SessionMessage] = []
    private var arrival: CheckedContinuation<Void, Never>?
    /// The sequence of the last change committed taken from the queue (see `committed()`).
    private(set) var lastSequenceTaken: UInt64 = 0

    /// Whether the answers to this session's own intents' writes are held too; by default they
    /// are handled as they come, so a test can await an intent.
    var holdsAnswers = false

    /// Where a session delivers (`WeddingSession(wedding:context:deliver:)`).
    func deliver(_ session: WeddingSession, _ message: SessionMessage) {
        if case .answered = message, !holdsAnswers {
            session.handle(message)
            return
        }
        hold(message)
    }

    /// Where a part of a session posts without one (`PresenceModel.post`, `ActivityFeed.post`).
    func hold(_ message: SessionMessage) {
        queue.append(message)
        arrival?.resume()
        arrival = nil
    }

    /// Takes the first message held that `matches`, waiting for one to be posted if none is;
    /// the others stay held, in order.
    func take(_ matches: (SessionMessage) -> Bool = { _ in true }) async -> SessionMessage {
        while true {
            if let index = queue.firstIndex(where: matches) { return queue.remove(at: index) }
            await withCheckedContinuation { arrival = $0 }
        }
    }

    /// The next change committed that is held (waiting for it).
    func committed() async -> RepositoryChange {
        guard case .committed(let change) = await take({ if case .committed = $0 { true } else { false } }) else {
            preconditionFailure("take returned another message")
        }
        lastSequenceTaken = change.sequence
        return change
    }

    /// Hands the next change committed to `session`, as its inbox would (waiting for it), and
    /// returns what the user is told of it.
    @discardableResult
    func handOverChange(to session: WeddingSession) async -> SessionNotice? {
        session.handle(.committed(await committed()))
    }

    /// Hands `session` every change held up to the wedding's change `sequence`, in the feed's
    /// order (waiting for each to be posted), as the inbox would have handled them by then.
    func handOverChanges(through sequence: UInt64, to session: WeddingSession) async {
        while lastSequenceTaken < sequence { await handOverChange(to: session) }
    }

    /// Loads `store` of `session` and hands its landing over, as the inbox would: returns once
    /// the load is shown. The store must not be loaded yet (a load that reads nothing posts nothing).
    func load(_ store: DomainStore, of session: WeddingSession) async {
        let loading = Task { await store.load() }
        session.handle(await loaded(store.domain))
        await loading.value
    }

    /// The next load of `domain` to land (waiting for it).
    func loaded(_ domain: StoreDomain) async -> SessionMessage {
        await take { if case .loaded(let load) = $0 { load.store.domain == domain } else { false } }
    }
}

extension Harness {
    /// A live session on the first wedding whose messages `messages` holds, with every store
    /// loaded: each load's landing is taken from the held messages and handled.
    func openSession(holding messages: HeldMessages, context: StoreContext? = nil) async -> WeddingSession {
        let session = WeddingSession(wedding: weddingID, context: context ?? self.context, deliver: messages.deliver)
        for store in session.stores { await messages.load(store, of: session) }
        return session
    }

    /// Hands `session` every change committed to the first wedding so far that `messages` still
    /// holds, in order: this session's writes and other processes' alike, as the inbox would
    /// have handled them by now.
    func handOverChanges(_ messages: HeldMessages, to session: WeddingSession) async throws {
        await messages.handOverChanges(through: try await host.activity(in: weddingID).sequence, to: session)
    }
}
