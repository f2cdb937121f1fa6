import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import BlueprintTestDoubles
import Foundation

/// The welcome screen over an in-memory data directory (empty unless `datasets` are given),
/// with the planner it hands over to, drawn on a memory canvas, with `keymap`.
@MainActor
final class FirstRunHarness {
    static let dataDirectory = "/home/ana/.local/share/blueprint"

    let host: InMemoryWeddingHost
    let planner: PlannerScreen
    let screen: FirstRunScreen
    let canvas: MemoryCanvas
    let driver: FrameDriver
    /// The app's inbox, where the screen posts what creating a wedding shows (the planner's own
    /// session messages are handled at once).
    let inbox: TestInbox
    private(set) var opened: [Wedding] = []

    init(_ datasets: [WeddingDataset] = [], rows: Int = 24, columns: Int = 80, keymap: Keymap = .standard,
         checklist: ChecklistTemplate? = nil) {
        host = InMemoryWeddingHost(datasets)
        let clock = ManualClock(start: Wedding1.start)
        let monitor = PerformanceMonitor(clock: clock)
        let repositories = Repositories(host: host, cache: RepositoryCache(clock: clock, monitor: monitor))
        let context = StoreContext(weddings: repositories.weddings, guests: repositories.guests, budget: repositories.budget,
                                   vendors: repositories.vendors, tasks: repositories.tasks, records: repositories,
                                   documents: repositories.documents, changes: repositories,
                                   clock: clock, timeZone: TimeZone(identifier: "UTC")!)
        planner = PlannerScreen(model: AppModel(context: context), services: PlannerServices(monitor: monitor, checklist: checklist),
                                keymap: keymap)
        var opened: ((Wedding) -> Void)?
        let inbox = TestInbox()
        self.inbox = inbox
        screen = FirstRunScreen(planner: planner, defaultCurrency: .usd, dataDirectory: Self.dataDirectory,
                                post: { handle in inbox.post(handle) }, opened: { opened?($0) })
        canvas = MemoryCanvas(rows: rows, columns: columns)
        driver = FrameDriver(root: screen, keymap: keymap)
        opened = { [unowned self] in self.opened.append($0) }
    }

    /// Presses `keys` in order, then waits for what they started; returns the last key's outcome.
    @discardableResult
    func press(_ keys: Key...) async -> FrameDriver.Outcome {
        var outcome = FrameDriver.Outcome.nothing
        for key in keys { outcome = driver.handle(key, size: canvas.size) }
        await screen.settle()
        return outcome
    }

    /// Types `text`, one key per character.
    func type(_ text: String) async {
        for character in text { _ = driver.handle(.character(character), size: canvas.size) }
        await screen.settle()
    }

    /// Draws a frame and returns its rows.
    var rows: [String] {
        driver.render(into: canvas)
        return canvas.rows
    }

    /// Draws a frame and returns it as text.
    @discardableResult
    func frame() -> String {
        driver.render(into: canvas)
        return canvas.text
    }

    /// The weddings in the data directory, read past the screens.
    func storedWeddings() async throws -> [Wedding] { try await host.listWeddings() }
}
