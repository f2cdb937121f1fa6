import Logging
import Synchronization

/// Trims a cache on every event a memory pressure source reports, from `start()` until `stop()`.
public final class MemoryPressureResponder: Sendable {
    private let cache: RepositoryCache
    private let source: (any MemoryPressureSource)?
    private let logger: Logger
    private let following = Mutex<Task<Void, Never>?>(nil)

    /// - Parameter source: `nil` where none is available (no pressure file, macOS).
    public init(cache: RepositoryCache, source: (any MemoryPressureSource)?,
                logger: Logger = Logger(label: "blueprint.cache.pressure")) {
        self.cache = cache
        self.source = source
        self.logger = logger
    }

    /// Starts following the source and tells the cache's monitor what is watched; with no
    /// source, says once, in the log and the diagnostics, that memory pressure is not watched.
    public func start() {
        guard let source else {
            cache.monitor.recordPressureSource(nil)
            logger.notice("memory pressure not watched: neither the cgroup's memory.pressure nor /proc/pressure/memory can be read")
            return
        }
        cache.monitor.recordPressureSource(source.description)
        logger.info("watching memory pressure", metadata: ["source": "\(source.description)"])
        let events = source.events()
        let task = Task { [cache, logger] in
            for await event in events {
                logger.notice("memory pressure", metadata: ["level": "\(event.level)", "reason": "\(event.reason)"])
                await cache.yieldMemory(event.level)
            }
        }
        following.withLock { running in
            precondition(running == nil, "a memory pressure responder is started once")
            running = task
        }
    }

    /// Stops following the source. Ending the stream wakes the source's watch thread, which
    /// then ends (`KernelMemoryPressure.runningWatchers` drops to 0).
    public func stop() async {
        let task = following.withLock { running in
            defer { running = nil }
            return running
        }
        task?.cancel()
        await task?.value
    }
}
