import Benchmark
import BlueprintCache
import BlueprintDomain
import BlueprintStorage
import BlueprintStores
import Foundation

/// A guest store loaded with a demo wedding's guests (set up once; the harness runs one
/// benchmark at a time, and the store itself is only touched on the main actor).
final class LoadedGuests: @unchecked Sendable {
    @MainActor var store: GuestStore?

    @MainActor func make(guests: Int) async throws {
        let host = InMemoryWeddingHost()
        let repositories = Repositories(host: host, cache: RepositoryCache())
        let dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!,
                                                                       guests: guests))
        let wedding = try await repositories.weddings.createWedding(from: dataset).weddingID
        let context = StoreContext(weddings: repositories.weddings, guests: repositories.guests, budget: repositories.budget,
                                   vendors: repositories.vendors, tasks: repositories.tasks, changes: repositories)
        let store = GuestStore(wedding: wedding, context: context)
        await store.load(force: true)
        self.store = store
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 500)

    let loaded = LoadedGuests()
    Benchmark("Type-to-filter over 10k guests: 4 updates (\"m\", \"ma\", \"mar\", cleared)",
              configuration: .init(setup: { try await loaded.make(guests: 10_000) })) { benchmark in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            let store = loaded.store!
            for _ in iterations {
                for text in ["m", "ma", "mar", ""] {
                    store.filter.text = TextQuery(text)
                    blackHole(store.visibleGuests.count)
                }
            }
        }
    }

    Benchmark("Search with n over 10k guests (set the query, jump to the next match)",
              configuration: .init(setup: { try await loaded.make(guests: 10_000) })) { benchmark in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            let store = loaded.store!
            for _ in iterations {
                store.searchText = "an"
                blackHole(store.searchMatches.next(after: 0))
                store.searchText = ""
            }
        }
    }
}
