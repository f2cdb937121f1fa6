import BlueprintDomain
import Logging
import Synchronization

/// Hands out change streams per wedding and delivers each change to every stream of its wedding.
///
/// While a wedding has at least one stream, its folder is watched so that other processes'
/// commits are noticed; the watch ends with the wedding's last stream.
final class ChangeHub: Sendable {
    typealias Continuation = AsyncStream<RepositoryChange>.Continuation

    private struct State {
        var streams: [WeddingID: [Int: Continuation]] = [:]
        var nextToken = 0
        var watcher: FolderWatcher?
        var closed = false
    }

    private let state = Mutex(State())
    private let activityHandler = Mutex<(@Sendable (WeddingID) -> Void)?>(nil)
    private let folderPath: @Sendable (WeddingID) -> String
    private let logger: Logger

    init(logger: Logger, folderPath: @escaping @Sendable (WeddingID) -> String) {
        self.logger = logger
        self.folderPath = folderPath
    }

    deinit { state.withLock { $0.watcher?.stop() } }

    /// What to do when a watched wedding's journal changes (catch up and publish).
    func onActivity(_ handler: @escaping @Sendable (WeddingID) -> Void) {
        activityHandler.withLock { $0 = handler }
    }

    /// A new stream of `wedding`'s changes; it ends when its consumer stops or the hub closes.
    func subscribe(to wedding: WeddingID) -> AsyncStream<RepositoryChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: RepositoryChange.self)
        let token: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            if state.streams[wedding, default: [:]].isEmpty { startWatching(wedding, &state) }
            let token = state.nextToken
            state.nextToken += 1
            state.streams[wedding, default: [:]][token] = continuation
            return token
        }
        guard let token else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(wedding, token) }
        return stream
    }

    func publish(_ change: RepositoryChange) {
        let targets = state.withLock { Array(($0.streams[change.wedding] ?? [:]).values) }
        for continuation in targets { continuation.yield(change) }
    }

    /// Ends every stream and stops watching.
    func close() {
        let ending = state.withLock { state in
            state.closed = true
            state.watcher?.stop()
            state.watcher = nil
            let all = state.streams.values.flatMap(\.values)
            state.streams = [:]
            return all
        }
        for continuation in ending { continuation.finish() }
    }

    private func unsubscribe(_ wedding: WeddingID, _ token: Int) {
        state.withLock { state in
            guard state.streams[wedding]?.removeValue(forKey: token) != nil else { return }
            if state.streams[wedding]?.isEmpty == true {
                state.streams[wedding] = nil
                state.watcher?.unwatch(wedding)
            }
        }
    }

    private func startWatching(_ wedding: WeddingID, _ state: inout State) {
        if state.watcher == nil {
            do {
                state.watcher = try FolderWatcher(logger: logger) { [weak self] events in
                    guard let handler = self?.activityHandler.withLock({ $0 }) else { return }
                    let touched = events.filter { $0.isFolderGone || $0.name == WeddingFolder.journalName }.map(\.wedding)
                    for wedding in Set(touched) { handler(wedding) }
                }
            } catch {
                logger.warning("cannot watch for other processes' changes", metadata: ["error": "\(error)"])
                return
            }
        }
        state.watcher?.watch(folderPath(wedding), as: wedding)
    }
}
