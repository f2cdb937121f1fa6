import Benchmark
import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintRepositories
import BlueprintStores
import BlueprintTUI
import BlueprintTerminal
import BlueprintTestDoubles
import Foundation

/// The planner at 10,000 records of each kind, in memory, drawn on a `MemoryCanvas` of
/// 120×40: what a frame costs to draw, and what a key costs from press to finished frame.
/// (The terminal's own cost, ncurses diffing the frame and writing it, is not in these figures;
/// `Scripts/scroll-bytes.sh` counts the bytes one scroll step sends to a real terminal.)
@MainActor
final class Planner {
    let screen: PlannerScreen
    let driver: FrameDriver
    let canvas = MemoryCanvas(rows: 40, columns: 120)

    private init(screen: PlannerScreen) {
        self.screen = screen
        driver = FrameDriver(root: screen)
    }

    /// A planner of `records` records of each kind, or of `guests` guests and the demo's other records.
    static func make(records: Int = 10_000, guests: Int? = nil) async throws -> Planner {
        let options = guests.map { DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!, guests: $0) }
            ?? DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!, guests: records, vendors: records,
                                  tasks: records, expenses: records)
        var dataset = try DemoWeddingGenerator.make(options)
        dataset.wedding.weddingID = WeddingID()
        let host = InMemoryWeddingHost([dataset])
        let repositories = Repositories(host: host, cache: RepositoryCache())
        let context = StoreContext(weddings: repositories.weddings, guests: repositories.guests, budget: repositories.budget,
                                   vendors: repositories.vendors, tasks: repositories.tasks, records: repositories,
                                   documents: repositories.documents, changes: repositories)
        let planner = Planner(screen: PlannerScreen(model: AppModel(context: context)))
        await planner.screen.open(dataset.wedding.weddingID)
        for store in planner.screen.session!.stores { await store.load() }
        planner.frame()
        return planner
    }

    /// Handles `key` and draws the frame it leads to: key to frame.
    func press(_ key: Key) {
        _ = driver.handle(key, size: canvas.size)
        frame()
    }

    func frame() { driver.render(into: canvas) }

    /// Waits until the writes that keys started have returned and been shown.
    func settle() async { await screen.settle() }
}

/// Holds the planner between a benchmark's setup and its runs (the harness runs one at a time).
final class Fixture: @unchecked Sendable {
    var planner: Planner?
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
                                           scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 2000)
    let fixture = Fixture()

    /// Sets up a planner of 10k records showing pane `number`, after `keys`.
    func setup(pane number: Int, _ keys: [Key] = []) -> Benchmark.BenchmarkSetupHook {
        {
            let planner = try await Planner.make()
            await MainActor.run {
                planner.press(.character(Character(String(number))))
                for key in keys { planner.press(key) }
            }
            fixture.planner = planner
        }
    }

    for (number, name, keys) in [(1, "guests", [Key]()), (1, "seating chart", [.character("v")]), (2, "budget", []),
                                 (3, "vendors", []), (4, "tasks", []), (4, "tasks by status", [.character("v")])] {
        Benchmark("Render the \(name) pane, 10k records", configuration: .init(setup: setup(pane: number, keys))) { benchmark in
            for _ in benchmark.scaledIterations {
                await MainActor.run { fixture.planner!.frame() }
            }
        }
    }

    Benchmark("Key to frame: scroll one row (j), 10k guests",
              configuration: .init(metrics: [.wallClock], setup: setup(pane: 1))) { benchmark in
        for index in benchmark.scaledIterations {
            await MainActor.run { fixture.planner!.press(index % 400 < 200 ? .down : .up) }
        }
    }

    Benchmark("Key to frame: page down, 10k guests",
              configuration: .init(metrics: [.wallClock], setup: setup(pane: 1))) { benchmark in
        for index in benchmark.scaledIterations {
            await MainActor.run { fixture.planner!.press(index % 40 < 20 ? .pageDown : .pageUp) }
        }
    }

    // An RSVP key on the selected guest, answered alternately yes and no: from the key to the
    // frame that shows the new answer and figures (the write goes on after the frame; it is
    // waited for outside the measurement).
    for guests in [1_000, 10_000, 100_000] {
        Benchmark("Key to frame: RSVP (A / D), \(guests / 1_000)k guests",
                  configuration: .init(metrics: [.wallClock], maxIterations: 1000, setup: {
                      let planner = try await Planner.make(guests: guests)
                      await MainActor.run { planner.press(.character("1")) }
                      fixture.planner = planner
                  })) { benchmark in
            for index in benchmark.scaledIterations {
                await MainActor.run { fixture.planner!.press(.character(index % 2 == 0 ? "D" : "A")) }
                benchmark.stopMeasurement()
                await fixture.planner!.settle()
            }
        }
    }

    // The filter form's "Contains" field, which filters as you type.
    let filterField: [Key] = [.character("f"), .tab, .tab, .tab, .tab]
    Benchmark("Key to frame: type-to-filter one character, 10k guests",
              configuration: .init(metrics: [.wallClock], setup: setup(pane: 1, filterField + [.character("o")]))) { benchmark in
        for index in benchmark.scaledIterations {
            await MainActor.run { fixture.planner!.press(index % 2 == 0 ? .character("k") : .backspace) }
        }
    }

    Benchmark("Key to frame: search as you type (/), 10k guests",
              configuration: .init(metrics: [.wallClock], setup: setup(pane: 1, [.character("/"), .character("o")]))) { benchmark in
        for index in benchmark.scaledIterations {
            await MainActor.run { fixture.planner!.press(index % 2 == 0 ? .character("k") : .backspace) }
        }
    }
}
