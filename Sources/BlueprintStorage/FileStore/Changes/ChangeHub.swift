import BlueprintDomain
import Logging
import Synchronization

/// Hands out change streams per wedding (through a `ChangeBroadcaster`) and, while a wedding has
/// at least one stream, watches its folder so that other processes' commits are noticed; the
/// watch ends with the wedding's last stream.
final class ChangeHub: Sendable {
    /// The folder watch and what to do on activity, shared with the broadcaster's hooks.
    private final class Watch: Sendable {
        let watcher = Mutex<FolderWatcher?>(nil)
        let activityHandler = Mutex<(@Sendable (WeddingID) -> Void)?>(nil)
    }

    private let watch = Watch()
    private let broadcaster: ChangeBroadcaster

    init(logger: Logger, folderPath: @escaping @Sendable (WeddingID) -> String) {
        let watch = self.watch
        broadcaster = ChangeBroadcaster(
            onFirstSubscriber: { wedding in ChangeHub.startWatching(wedding, at: folderPath(wedding), watch, logger) },
            onLastSubscriberGone: { wedding in watch.watcher.withLock { $0?.unwatch(wedding) } })
    }

    deinit { watch.watcher.withLock { $0?.stop() } }

    /// What to do when a watched wedding's journal changes (catch up and publish).
    func onActivity(_ handler: @escaping @Sendable (WeddingID) -> Void) {
        watch.activityHandler.withLock { $0 = handler }
    }

    /// A new stream of `wedding`'s changes; it ends when its consumer stops or the hub closes.
    func subscribe(to wedding: WeddingID) -> AsyncStream<RepositoryChange> { broadcaster.stream(for: wedding) }

    func publish(_ change: RepositoryChange) { broadcaster.publish(change) }

    /// Whether `wedding`'s folder is being watched, so other processes' commits are noticed.
    func isWatching(_ wedding: WeddingID) -> Bool {
        watch.watcher.withLock { $0?.isWatching(wedding) ?? false }
    }

    /// Ends every stream and stops watching.
    func close() {
        broadcaster.close()
        watch.watcher.withLock { watcher in
            watcher?.stop()
            watcher = nil
        }
    }

    private static func startWatching(_ wedding: WeddingID, at path: String, _ watch: Watch, _ logger: Logger) {
        watch.watcher.withLock { current in
            if current == nil {
                do {
                    current = try FolderWatcher(logger: logger) { events in
                        guard let handler = watch.activityHandler.withLock({ $0 }) else { return }
                        let touched = events.filter { $0.isFolderGone || $0.name == WeddingFolder.journalName }.map(\.wedding)
                        for wedding in Set(touched) { handler(wedding) }
                    }
                } catch {
                    logger.warning("cannot watch for other processes' changes", metadata: ["error": "\(error)"])
                    return
                }
            }
            current?.watch(path, as: wedding)
        }
    }
}
