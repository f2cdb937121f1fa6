import Benchmark
import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import BlueprintStores
import BlueprintTestDoubles
import Foundation

/// A demo wedding of `guests` guests created through `repositories`, and the stores' context over them.
func demoWedding(guests: Int, in repositories: Repositories) async throws -> (WeddingID, StoreContext) {
    let dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!,
                                                                   guests: guests))
    let wedding = try await repositories.weddings.createWedding(from: dataset).weddingID
    return (wedding, StoreContext(weddings: repositories.weddings, guests: repositories.guests, budget: repositories.budget,
                                  vendors: repositories.vendors, tasks: repositories.tasks, records: repositories,
                                  documents: repositories.documents, changes: repositories))
}

/// A guest store loaded with a demo wedding's guests (set up once; the harness runs one
/// benchmark at a time, and the store itself is only touched on the main actor).
final class LoadedGuests: @unchecked Sendable {
    @MainActor var store: GuestStore?

    @MainActor func make(guests: Int) async throws {
        let repositories = Repositories(host: InMemoryWeddingHost(), cache: RepositoryCache())
        let (wedding, context) = try await demoWedding(guests: guests, in: repositories)
        let store = GuestStore(wedding: wedding, context: context)
        await store.load(force: true)
        self.store = store
    }
}

/// A planner's session on a wedding of the file store, and a second file store on the same data
/// directory standing for another process (another ssh session) that writes to it.
final class TwoSessions: @unchecked Sendable {
    @MainActor var session: WeddingSession?
    var other: Repositories?
    var wedding: WeddingID?
    /// Told after the session handled each of its messages, where the planner draws a frame.
    @MainActor private var handled: AsyncStream<Void>.Continuation?

    /// Yields after each message the session handles from now on (a change committed elsewhere, say).
    @MainActor func messagesHandled() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        handled = continuation
        return stream
    }

    @MainActor func make(guests: Int) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-bench-\(UUID())").path
        let mine = Repositories(host: try FileStore(root: root), cache: RepositoryCache())
        let (wedding, context) = try await demoWedding(guests: guests, in: mine)
        let session = WeddingSession(wedding: wedding, context: context) { [unowned self] session, message in
            session.handle(message)
            handled?.yield()
        }
        await session.guests.load()
        self.session = session
        self.wedding = wedding
        other = Repositories(host: try FileStore(root: root), cache: RepositoryCache())
    }
}

/// A loaded session on an in-memory demo wedding, for imports through the planner's stores.
final class LoadedSession: @unchecked Sendable {
    @MainActor var session: WeddingSession?

    @MainActor func make(guests: Int) async throws {
        let repositories = Repositories(host: InMemoryWeddingHost(), cache: RepositoryCache())
        let (wedding, context) = try await demoWedding(guests: guests, in: repositories)
        let session = WeddingSession(wedding: wedding, context: context)
        for store in session.stores { await store.load() }
        self.session = session
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

    // Another process imports one guest; measured from its write having returned (the journal
    // line synced) to the open planner's guest store showing the guest, patched in through
    // the change feed (inotify, catching up with the journal, the change event).
    let sessions = TwoSessions()
    Benchmark("Another process's one-guest import visible in an open planner, 100k guests",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 200,
                                   setup: { try await sessions.make(guests: 100_000) })) { benchmark in
        for index in benchmark.scaledIterations {
            let guest = Guest(firstName: "Late", lastName: "Arrival \(index)")
            let updates = await MainActor.run { sessions.messagesHandled() }
            benchmark.stopMeasurement()
            _ = try await sessions.other!.guests.importGuests(ImportBatch(inserts: [guest]), in: sessions.wedding!)
            benchmark.startMeasurement()
            for await _ in updates where await MainActor.run(body: { sessions.session!.guests.guest(guest.id) != nil }) {
                break
            }
        }
    }

    // An import from the planner's `:import`: every row shown at once as an edit being written,
    // then replaced by what was stored (the expenses' store derives its figures from the whole
    // budget, so it shows whether a batch derives them once or once a row).
    let planner = LoadedSession()
    Benchmark("Import 2,000 guests through an open planner's guest store, 1k guests",
              configuration: .init(maxDuration: .seconds(20), maxIterations: 10,
                                   setup: { try await planner.make(guests: 1_000) })) { benchmark in
        for _ in benchmark.scaledIterations {
            let guests = (0..<2_000).map { Guest(firstName: "Row", lastName: String($0)) }
            let result = await MainActor.run { planner.session!.guests }.importGuests(ImportBatch(inserts: guests))
            blackHole(try result.get())
        }
    }

    Benchmark("Import 2,000 expenses through an open planner's budget store",
              configuration: .init(maxDuration: .seconds(20), maxIterations: 10,
                                   setup: { try await planner.make(guests: 1_000) })) { benchmark in
        for _ in benchmark.scaledIterations {
            let budget = await MainActor.run { planner.session!.budget }
            let category = await MainActor.run { budget.categories[0].id }
            let expenses = (0..<2_000).map { Expense(name: "Row \($0)", categoryID: category, amount: Money(minorUnits: 1_000)) }
            blackHole(try await budget.importExpenses(ImportBatch(inserts: expenses)).get())
        }
    }

    // The 10k-guest demo with every other household's seats cleared: the chart (capacities and
    // rules checked) and a suggestion that seats about half the attending guests.
    let unseated: WeddingDataset = {
        var dataset = try! DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!,
                                                                        guests: 10_000))
        let households = Array(Set(dataset.guests.records.map(\.household))).sorted()
        let cleared = Set(households.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        for var guest in dataset.guests.records where cleared.contains(guest.household) {
            guest.table = nil
            guest.seat = nil
            dataset.guests.upsert(guest)
        }
        return dataset
    }()
    Benchmark("Seating chart of 10k guests, with tables and rules") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(SeatingChart(guests: unseated.guests.records, tables: unseated.seatingTables.records,
                                   rules: unseated.seatingRules.records))
        }
    }
    Benchmark("Suggest seats for about 5k unseated guests of 10k") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(SeatingSuggestion(guests: unseated.guests.records, tables: unseated.seatingTables.records,
                                        rules: unseated.seatingRules.records))
        }
    }
}
