import BlueprintStores

/// Asks for a frame whenever something the planner shows changed behind the screen: a store,
/// the activity feed, who else is here (an intent's last step, say). Nothing here changes
/// state: that arrives as the session's messages, in the app's inbox. Cancelled when the
/// wedding closes.
@MainActor
final class SessionObservation {
    private var tasks: [Task<Void, Never>] = []

    init(_ session: WeddingSession, redraw: @escaping @MainActor () -> Void) {
        for store in session.stores { redrawing(on: store.updates(), redraw) }
        redrawing(on: session.activity.updates(), redraw)
        if let presence = session.presence { redrawing(on: presence.updates(), redraw) }
    }

    /// Keeps `task` (work that lands in the open wedding's screen) to be cancelled with the rest.
    func keep(_ task: Task<Void, Never>) { tasks.append(task) }

    func cancel() {
        for task in tasks { task.cancel() }
        tasks = []
    }

    private func redrawing(on updates: AsyncStream<Void>, _ redraw: @escaping @MainActor () -> Void) {
        tasks.append(Task {
            for await _ in updates { redraw() }
        })
    }
}
