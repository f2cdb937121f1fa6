import Benchmark
import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintInterchange
import BlueprintRepositories
import BlueprintStorage
import Foundation

/// A temporary data directory holding one demo wedding, made once before a benchmark runs.
/// (The harness runs one benchmark at a time, so this holder needs no locking.)
final class WeddingOnDisk: @unchecked Sendable {
    private(set) var root = ""
    private(set) var wedding = WeddingID()
    private(set) var firstGuest = UUID()
    private(set) var store: FileStore?
    private(set) var guestsCSV = Data()
    private(set) var settings = Wedding(name: "")
    var repositories: Repositories?
    var heldGuests = RecordTable<Guest>([])
    /// Empty weddings with the demo's settings, one per import iteration.
    var importTargets: [Wedding] = []

    static let today = CalendarDate(year: 2026, month: 11, day: 21)!

    func make(guests: Int) async throws {
        root = NSTemporaryDirectory() + "blueprint-bench-\(UUID().uuidString)"
        let creator = try FileStore(root: root)
        let dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: Self.today, guests: guests))
        let repositories = Repositories(host: creator, cache: RepositoryCache())
        wedding = try await repositories.weddings.createWedding(from: dataset).weddingID
        firstGuest = dataset.guests.records[0].id
        settings = dataset.wedding
        guestsCSV = try CSVExporter(wedding: dataset.wedding).guests(dataset.guests.records)
        await creator.close()
    }

    /// Opens the data directory in a fresh `FileStore` (nothing of the wedding loaded yet).
    func open() throws -> FileStore {
        let store = try FileStore(root: root)
        self.store = store
        return store
    }

    func remove() async {
        await store?.close()
        store = nil
        try? FileManager.default.removeItem(atPath: root)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
                                           maxDuration: .seconds(10), maxIterations: 200)

    for guests in [1_000, 10_000, 100_000] {
        let disk = WeddingOnDisk()
        Benchmark("Open a wedding of \(guests) guests",
                  configuration: .init(maxIterations: guests >= 100_000 ? 8 : 40,
                                       setup: { try await disk.make(guests: guests) },
                                       teardown: { await disk.remove() })) { benchmark in
            for _ in benchmark.scaledIterations {
                let store = try! FileStore(root: disk.root)
                blackHole(try! await store.read(disk.wedding) { $0.guests.count })
            }
        }

        let edited = WeddingOnDisk()
        Benchmark("One durable edit at \(guests) guests",
                  configuration: .init(maxIterations: 400,
                                       setup: {
                                           try await edited.make(guests: guests)
                                           let repositories = Repositories(host: try edited.open(), cache: RepositoryCache())
                                           edited.repositories = repositories
                                           // A view holds the guest list, as the guests pane does.
                                           edited.heldGuests = try await repositories.guests.fetchGuests(in: edited.wedding)
                                       },
                                       teardown: { await edited.remove() })) { benchmark in
            let guests = edited.repositories!.guests
            var guest = try! await guests.fetchGuest(id: edited.firstGuest, in: edited.wedding)
            for iteration in benchmark.scaledIterations {
                guest.notes = "edit \(iteration)"
                guest = try! await guests.updateGuest(guest, in: edited.wedding)
            }
        }
    }

    let importing = WeddingOnDisk()
    Benchmark("Import a 10,000-row guest CSV",
              configuration: .init(maxIterations: 20,
                                   setup: {
                                       try await importing.make(guests: 10_000)
                                       let repositories = Repositories(host: try importing.open(), cache: RepositoryCache())
                                       importing.repositories = repositories
                                       for _ in 0..<25 {
                                           var blank = importing.settings
                                           blank.weddingID = WeddingID()
                                           importing.importTargets.append(try await repositories.weddings.createWedding(blank))
                                       }
                                   },
                                   teardown: { await importing.remove() })) { benchmark in
        let repositories = importing.repositories!
        for _ in benchmark.scaledIterations {
            let target = importing.importTargets.removeLast()
            let plan = try! CSVImporter(wedding: target, mode: .addOnly)
                .planGuests(importing.guestsCSV, fileName: "guests.csv", existing: [])
            blackHole(try! await repositories.guests.importGuests(plan.batch, in: target.weddingID))
        }
    }

    Benchmark("Plan a 10,000-row guest CSV import (parse and validate, no write)",
              configuration: .init(maxIterations: 20,
                                   setup: { try await importing.make(guests: 10_000) },
                                   teardown: { await importing.remove() })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! CSVImporter(wedding: importing.settings, mode: .addOnly)
                .planGuests(importing.guestsCSV, fileName: "guests.csv", existing: []))
        }
    }

    let busy = WeddingOnDisk()
    Benchmark("Read the activity of a wedding after 10,000 edits (history and journal)",
              configuration: .init(maxIterations: 40,
                                   setup: {
                                       try await busy.make(guests: 1_000)
                                       let store = try busy.open()
                                       let guests = Repositories(host: store, cache: RepositoryCache()).guests
                                       var guest = try await guests.fetchGuest(id: busy.firstGuest, in: busy.wedding)
                                       for edit in 0..<10_000 {
                                           guest.rsvp = edit % 2 == 0 ? .attending : .declined
                                           guest = try await guests.updateGuest(guest, in: busy.wedding)
                                           // A compaction now and then, as closing sessions do: most of the feed is history.
                                           if edit % 2_500 == 2_499 { await store.close() }
                                       }
                                   },
                                   teardown: { await busy.remove() })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! await busy.store!.activity(in: busy.wedding).entries.count)
        }
    }
}
