import Benchmark
import BlueprintCache
import BlueprintConfiguration
import BlueprintDemo
import BlueprintDomain
import BlueprintInterchange
import BlueprintPostgres
import BlueprintRepositories
import BlueprintTestProcesses
import Foundation

/// A demo wedding in a database of the throwaway cluster, and a data directory holding its
/// local copy, made once before a benchmark runs (the harness runs one at a time: no locking).
final class WeddingInDatabase: @unchecked Sendable {
    private(set) var url: DatabaseURL?
    private(set) var wedding = WeddingID()
    /// A data directory whose local copy of the wedding is current.
    private(set) var copied = ""
    private(set) var guestsCSV = Data()
    private(set) var settings = Wedding(name: "")
    private(set) var repositories: Repositories?
    private(set) var host: TieredWeddingHost?
    /// Empty weddings with the demo's settings, one per import iteration.
    var importTargets: [Wedding] = []
    private var folders: [String] = []

    func make(guests: Int) async throws {
        let url = try DatabaseURL(try PostgresTestCluster.shared().makeDatabase(), loginName: "bench")
        _ = try await DatabaseSchema.migrate(url)
        let dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!,
                                                                       guests: guests))
        let database = try await PostgresWeddingHost.open(url, localRoot: newFolder())
        try await database.push(dataset, operation: "benchmark", contents: DemoAttachments.contents(of: dataset))
        await database.close()
        self.url = url
        wedding = dataset.wedding.weddingID
        settings = dataset.wedding
        guestsCSV = try CSVExporter(wedding: dataset.wedding).guests(dataset.guests.records)
        copied = newFolder()
        let first = try await TieredWeddingHost.open(url, author: "bench", localRoot: copied)
        _ = try await first.read(wedding) { $0.guests.count }
        await first.close()
    }

    /// The tier on the warm data directory, with repositories, for the import.
    func openForImport(targets: Int) async throws {
        let host = try await TieredWeddingHost.open(url!, author: "bench", localRoot: copied)
        let repositories = Repositories(host: host, cache: RepositoryCache())
        for _ in 0..<targets {
            var blank = settings
            blank.weddingID = WeddingID()
            importTargets.append(try await repositories.weddings.createWedding(blank))
        }
        self.host = host
        self.repositories = repositories
    }

    /// A new, empty temporary folder, removed with the rest.
    func newFolder() -> String {
        let folder = NSTemporaryDirectory() + "blueprint-bench-tier-\(UUID().uuidString)"
        folders.append(folder)
        return folder
    }

    func remove() async {
        await host?.close()
        host = nil
        repositories = nil
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        folders = []
    }
}

let tierBenchmarks: @Sendable () -> Void = {
    let warm = WeddingInDatabase()
    // What the planner's first frame waits for with a database configured and a local copy:
    // the tier opened as the planner opens it (from the copy: the server is reached once the
    // first frame is on the screen, `connect()`) and the guests read from the copy; the copy is
    // revalidated once the server answers.
    // Compare "Open a wedding of 10000 guests" (StorageBenchmarks: the file store alone).
    Benchmark("Open a 10,000-guest database wedding, warm (local copy)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 30,
                                   setup: { try await warm.make(guests: 10_000) },
                                   teardown: { await warm.remove() })) { benchmark in
        benchmark.startMeasurement()
        let host = try await TieredWeddingHost.open(warm.url!, author: "bench", localRoot: warm.copied, start: .fromTheCopy)
        blackHole(try await host.read(warm.wedding) { $0.guests.count })
        benchmark.stopMeasurement()
        await host.close()
    }

    let cold = WeddingInDatabase()
    // The first open on a machine: the wedding read whole from the database and its local copy written.
    Benchmark("Open a 10,000-guest database wedding, cold (no local copy)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 15,
                                   setup: { try await cold.make(guests: 10_000) },
                                   teardown: { await cold.remove() })) { benchmark in
        let folder = cold.newFolder()
        benchmark.startMeasurement()
        let host = try await TieredWeddingHost.open(cold.url!, author: "bench", localRoot: folder)
        blackHole(try await host.read(cold.wedding) { $0.guests.count })
        benchmark.stopMeasurement()
        await host.close()
    }

    let importing = WeddingInDatabase()
    // Compare "Import a 10,000-row guest CSV" (StorageBenchmarks: the file store alone).
    Benchmark("Import a 10,000-row guest CSV into a database wedding (and its local copy)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 12,
                                   setup: {
                                       try await importing.make(guests: 10_000)
                                       try await importing.openForImport(targets: 14)
                                   },
                                   teardown: { await importing.remove() })) { benchmark in
        let repositories = importing.repositories!
        let target = importing.importTargets.removeLast()
        let plan = try CSVImporter(wedding: target, mode: .addOnly)
            .planGuests(importing.guestsCSV, fileName: "guests.csv", existing: [])
        benchmark.startMeasurement()
        blackHole(try await repositories.guests.importGuests(plan.batch, in: target.weddingID))
        benchmark.stopMeasurement()
    }
}
