import BlueprintDomain
@testable import BlueprintStores

/// A session's messages held as the front end's inbox would queue them, for a test to hand to
/// the session in the order it chooses: what a race would interleave, made one fixed order.
@MainActor
final class HeldMessages {
    private var queue: [SessionMessage] = []
    private var arrival: CheckedContinuation<Void, Never>?

    /// Whether the answers to this session's own intents' writes are held too; by default they
    /// are handled as they come, so a test can await an intent.
    var holdsAnswers = false

    /// Where a session delivers (`WeddingSession(wedding:context:deliver:)`).
    func deliver(_ session: WeddingSession, _ message: SessionMessage) {
        if case .answered = message, !holdsAnswers {
            session.handle(message)
            return
        }
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
        return change
    }

    /// The next load of `domain` to land (waiting for it).
    func loaded(_ domain: StoreDomain) async -> SessionMessage {
        await take { if case .loaded(domain, _) = $0 { true } else { false } }
    }

    /// What is held now, in order.
    var held: [SessionMessage] { queue }
}

extension Harness {
    /// A live session on the first wedding whose messages `messages` holds, with every store
    /// loaded: each load's landing is taken from the held messages and handled.
    func openSession(holding messages: HeldMessages, context: StoreContext? = nil) async -> WeddingSession {
        let session = WeddingSession(wedding: weddingID, context: context ?? self.context, deliver: messages.deliver)
        for store in session.stores {
            let loading = Task { await store.load() }
            session.handle(await messages.loaded(store.domain))
            await loading.value
        }
        return session
    }
}
