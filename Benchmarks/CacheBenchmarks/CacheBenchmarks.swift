import Benchmark
import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import Foundation
import Synchronization

/// The baseline the cache is measured against: a mutex-guarded `[String: Any]`.
final class MutexDictionary: Sendable {
    private let storage = Mutex<[String: any Sendable]>([:])
    func set(_ key: String, _ value: any Sendable) { storage.withLock { $0[key] = value } }
    func get(_ key: String) -> (any Sendable)? { storage.withLock { $0[key] } }
}

/// Shared state of one benchmark, set up before it runs (the harness runs one at a time).
final class Fixture: @unchecked Sendable {
    var cache = RepositoryCache()
    var keys: [CacheKey] = []
    var repositories: Repositories?
    var host: (any WeddingDataHost)?
    var wedding = WeddingID()
}

let guestList = (0..<200).map { Guest(firstName: "Guest", lastName: "\($0)") }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal],
                                           scalingFactor: .kilo, maxDuration: .seconds(5), maxIterations: 2000)

    let wedding = WeddingID()
    let key = CacheKey(.guests, wedding)
    let stringKey = key.description
    let cache = RepositoryCache()
    let dictionary = MutexDictionary()
    dictionary.set(stringKey, guestList)

    Benchmark("Cache hit, 1 task", configuration: .init(setup: { await cache.set(key, guestList) })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(cache.get(key, as: [Guest].self)) }
    }
    Benchmark("Baseline: mutex dictionary hit, 1 task") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(dictionary.get(stringKey) as? [Guest]) }
    }
    Benchmark("Cache hit, 8 concurrent tasks", configuration: .init(setup: { await cache.set(key, guestList) })) { benchmark in
        let perTask = benchmark.scaledIterations.count / 8
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<perTask { blackHole(cache.get(key, as: [Guest].self)) } }
            }
        }
    }
    Benchmark("Baseline: mutex dictionary hit, 8 concurrent tasks") { benchmark in
        let perTask = benchmark.scaledIterations.count / 8
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<perTask { blackHole(dictionary.get(stringKey) as? [Guest]) } }
            }
        }
    }

    Benchmark("getOrLoad, 100 waiters on one key",
              configuration: .init(scalingFactor: .one, maxIterations: 1000)) { benchmark in
        await cache.remove(key)
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask { (try? await cache.getOrLoad(key) { await Task.yield(); return guestList })?.count ?? 0 }
            }
            for await count in group { blackHole(count) }
        }
    }

    let churn = Fixture()
    Benchmark("Eviction churn at 100k entries",
              configuration: .init(scalingFactor: .kilo, maxIterations: 200, setup: {
                  churn.cache = RepositoryCache(configuration: CacheConfiguration(maxEntries: 100_000))
                  churn.keys = (0..<200_000).map { CacheKey(.guestStats, WeddingID(UUID(uuid: uuidBytes($0)))) }
                  for key in churn.keys.prefix(100_000) { await churn.cache.set(key, 1) }
              })) { benchmark in
        var next = 100_000
        for _ in benchmark.scaledIterations {
            await churn.cache.set(churn.keys[next % churn.keys.count], next)
            next += 1
        }
    }

    let fetch = Fixture()
    let fetchSetup: Benchmark.BenchmarkSetupHook = {
        let host = try FileStore(root: NSTemporaryDirectory() + "blueprint-bench-\(UUID().uuidString)")
        let dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!,
                                                                       guests: 10_000))
        let repositories = Repositories(host: host, cache: RepositoryCache())
        fetch.wedding = try await repositories.weddings.createWedding(from: dataset).weddingID
        fetch.repositories = repositories
        fetch.host = host
    }
    Benchmark("Guest stats at 10k guests on disk, through the cache",
              configuration: .init(scalingFactor: .one, setup: fetchSetup)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! await fetch.repositories!.guests.guestStats(in: fetch.wedding)) }
    }
    Benchmark("Guest stats at 10k guests on disk, without the cache",
              configuration: .init(scalingFactor: .one, maxIterations: 300, setup: fetchSetup)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! await fetch.host!.read(fetch.wedding) { GuestStats(guests: $0.guests.records) })
        }
    }
}

/// Distinct, repeatable UUID bytes for the n-th benchmark key.
func uuidBytes(_ n: Int) -> uuid_t {
    let v = UInt64(n)
    return (UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF), 0, 0, 0x40, 0,
            0x80, 0, 0, 0, 0, 0, 0, 1)
}
