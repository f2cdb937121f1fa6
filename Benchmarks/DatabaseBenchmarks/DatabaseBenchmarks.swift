import Benchmark
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintTestProcesses
import Foundation

/// Two hosts on one database of a throwaway cluster (two machines' worth): one writes, the other
/// listens. Made once before the benchmark runs (the harness runs one at a time: no locking).
final class TwoHosts: @unchecked Sendable {
    private(set) var writer: PostgresWeddingHost?
    private(set) var reader: PostgresWeddingHost?
    private(set) var wedding = WeddingID()
    private(set) var arrivals: AsyncStream<RepositoryChange>?
    private let documents = NSTemporaryDirectory() + "blueprint-bench-documents-\(UUID().uuidString)"

    func make() async throws {
        let url = try DatabaseURL(try PostgresTestCluster.shared().makeDatabase(), loginName: "bench")
        _ = try await DatabaseSchema.migrate(url)
        let writer = try await PostgresWeddingHost.open(url, localRoot: documents)
        let reader = try await PostgresWeddingHost.open(url, localRoot: documents)
        wedding = try await writer.createWedding(Wedding(name: "Ana & Ben", totalBudget: Money(minorUnits: 1_000_000))).weddingID
        _ = try await reader.read(wedding) { $0.guests.count }
        arrivals = reader.changes(in: wedding)
        let states = reader.connectionChanges(in: wedding)
        if reader.connection(wedding) != .live {
            for await state in states where state == .live { break }
        }
        self.writer = writer
        self.reader = reader
    }

    func remove() async {
        await writer?.close()
        await reader?.close()
        writer = nil
        reader = nil
        try? FileManager.default.removeItem(atPath: documents)
    }
}

let benchmarks: @Sendable () -> Void = {
    tierBenchmarks()
    let hosts = TwoHosts()
    // From the start of one host's write to its change on the other host's stream: the commit,
    // NOTIFY, the listener's catch-up from the `changes` rows, and the publication.
    Benchmark("An edit reaching another host's change stream through PostgreSQL",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 300,
                                   setup: { try await hosts.make() },
                                   teardown: { await hosts.remove() })) { benchmark in
        guard let writer = hosts.writer, var arrivals = hosts.arrivals?.makeAsyncIterator() else { return }
        for index in benchmark.scaledIterations {
            _ = try await writer.write(hosts.wedding, operation: "addGuest") {
                try $0.insert(Guest(firstName: "Guest", lastName: "\(index)"))
            }
            guard let change = await arrivals.next(), change.origin == .external else {
                throw RepositoryError.storage("the edit did not arrive")
            }
            blackHole(change)
        }
    }
}
