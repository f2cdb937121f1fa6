import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
@testable import BlueprintStores
import BlueprintTestDoubles
import Foundation

/// Stores over an in-memory host, with a manual clock and a probe on every repository call.
@MainActor
struct Harness {
    let host: InMemoryWeddingHost
    let clock = ManualClock(start: Sample.start)
    let probe = LoadProbe()
    let context: StoreContext
    /// The first dataset's wedding.
    let weddingID: WeddingID

    init(_ datasets: [WeddingDataset] = [Sample.dataset()], previewing: (any WeddingPreviewing)? = nil) {
        host = InMemoryWeddingHost(datasets, previewing: previewing)
        weddingID = datasets[0].wedding.weddingID
        let base = Repositories(host: host, cache: RepositoryCache(clock: clock))
        let repositories = ProbedRepositories(base: base, probe: probe)
        context = StoreContext(weddings: repositories, guests: repositories, budget: repositories, vendors: repositories,
                               tasks: repositories, records: repositories, documents: base.documents,
                               changes: repositories, clock: clock, timeZone: TimeZone(identifier: "UTC")!)
    }

    /// A store of the first wedding on its own (no live updates), loaded.
    func loaded<S: DomainStore>(_ make: (WeddingID, StoreContext) -> S) async -> S {
        let store = make(weddingID, context)
        await store.load()
        return store
    }

    /// A live session on the first wedding with every store loaded, as the app has it.
    func openSession() async -> WeddingSession {
        let session = WeddingSession(wedding: weddingID, context: context)
        for store in session.stores { await store.load() }
        return session
    }

    /// The first wedding's data as stored, read past the stores and the cache.
    func stored<T: Sendable>(_ body: @escaping @Sendable (WeddingDataset) -> T) async throws -> T {
        try await host.read(weddingID, body)
    }

    /// Applies `mutations` as another process would, publishing an external change.
    func externalWrite(_ mutations: [Mutation]) async {
        await host.simulateExternalWrite(weddingID, mutations)
    }
}
