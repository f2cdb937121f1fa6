import BlueprintDomain
import BlueprintStores
import Foundation
@testable import BlueprintTUI
import Testing

/// Records what the command line asks of the file layer.
@MainActor
final class RecordingTransfer: DataTransfer {
    var requests: [String] = []

    func importFile(_ kind: TransferKind, path: String, into session: WeddingSession) async throws -> String {
        requests.append("import \(kind) \(path)")
        guard path.hasSuffix(".csv") else { throw CommandError("\(path): not a CSV file") }
        return "Imported \(kind) from \(path)"
    }

    func exportFile(_ kind: TransferKind, format: TransferFormat, path: String, from session: WeddingSession) async throws -> String {
        requests.append("export \(kind) \(format) \(path) \(session.guests.guests.count)")
        return "Exported \(kind) to \(path)"
    }
}

@Suite("Command line, diagnostics and conflicts")
@MainActor
struct GlobalFeatureTests {
    func command(_ planner: PlannerHarness, _ line: String) async {
        await planner.press(.character(":"))
        await planner.type(line)
        await planner.press(.enter)
    }

    @Test(":q quits; an unknown command says so in the status line")
    func quitAndMistakes() async {
        let planner = await PlannerHarness()
        await command(planner, "nonsense")
        #expect(planner.statusRow.contains("Unknown command nonsense"))
        await planner.press(.character(":"))
        await planner.type("q")
        #expect(planner.statusRow.hasPrefix(":q"))
        #expect(planner.driver.handle(.enter, size: planner.canvas.size) == .quit)
    }

    @Test(":import and :export go to the file layer with the open wedding; their reports land in the status line")
    func transfers() async {
        let transfer = RecordingTransfer()
        let planner = await PlannerHarness(transfer: transfer)
        await command(planner, "export guests /tmp/out.json")
        #expect(transfer.requests == ["export guests json /tmp/out.json 7"])
        #expect(planner.statusRow.contains("Exported guests to /tmp/out.json"))
        await command(planner, "import guests notes.txt")
        #expect(planner.statusRow.contains("notes.txt: not a CSV file"))
    }

    @Test("Tab on the command line completes, and lists the candidates above it")
    func completionOnScreen() async {
        let planner = await PlannerHarness([Wedding1.dataset(), Wedding1.dataset(id: WeddingID(Wedding1.uuid(200)), name: "Cleo & Dev")])
        await planner.press(.character(":"))
        await planner.type("we")
        await planner.press(.tab)
        let rows = planner.rows
        #expect(rows[rows.count - 1].hasPrefix(":wedding"))
        #expect(rows[rows.count - 2].hasPrefix(" wedding  weddings"))
        await planner.type("s")
        await planner.press(.enter)
        #expect(planner.statusRow.contains("2 weddings: Ana & Ben, Cleo & Dev"))
    }

    @Test(":wedding opens another wedding with fresh stores; nothing of the first is shown")
    func switchWedding() async throws {
        let other = Wedding1.dataset(id: WeddingID(Wedding1.uuid(200)), name: "Cleo & Dev", extraGuests: 3)
        let planner = await PlannerHarness([Wedding1.dataset(), other])
        let first = planner.session
        await command(planner, "wedding cleo & dev")
        #expect(first.isClosed)
        #expect(planner.session.weddingID == other.wedding.weddingID)
        await planner.loadAll()
        #expect(planner.rows[0].contains("Cleo & Dev"))
        #expect(planner.statusRow.contains("10 guests"))
        #expect(planner.statusRow.contains("Opened Cleo & Dev"))
        await command(planner, "wedding Nobody")
        #expect(planner.statusRow.contains("Cannot open Nobody"))
    }

    @Test("! shows the cache figures, the warm-up timings and the operations' latency")
    func diagnostics() async {
        let planner = await PlannerHarness()
        _ = await planner.screen.warmedUp()
        planner.monitor.recordLatency("key to frame", duration: .microseconds(800))
        await planner.press(.character("!"))
        let frame = planner.frame()
        #expect(frame.contains("┌─ Diagnostics ─"))
        #expect(frame.contains("Cache: "))
        #expect(frame.contains("Resource"))
        #expect(frame.contains("guests"))
        #expect(frame.contains("Warm-up at launch"))
        #expect(frame.contains("key to frame"))
        #expect(frame.contains("0.80 ms"))
        #expect(planner.statusRow.hasPrefix(" DIAGNOSTICS"))
        await planner.press(.escape)
        #expect(!planner.frame().contains("Diagnostics"))
    }

    @Test("an edit that lost to another session's offers reload, overwrite or cancel; overwrite keeps yours")
    func conflictOverwrite() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("e"), .tab, .control("u"))
        await planner.type("Mine")
        var theirs = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        theirs.lastName = "Theirs"
        theirs.version = 2
        await planner.host.simulateExternalWrite(planner.weddingID, [.saveGuest(theirs)])
        await planner.until(planner.session.guests) { planner.session.guests.guest(Wedding1.ana)?.version == 2 }
        await planner.press(.enter)
        #expect(planner.frame().contains("┌─ Edit conflict ─"))
        #expect(planner.statusRow.hasPrefix(" CONFLICT"))
        await planner.press(.character("c"))
        #expect(planner.frame().contains("┌─ Edit Ana Alvarez ─"))
        await planner.press(.enter)
        await planner.press(.character("o"))
        let stored = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        #expect(stored.lastName == "Mine")
        #expect(stored.version == 3)
        #expect(!planner.frame().contains("Edit Ana Alvarez"))
    }

    @Test("reload drops your edit and shows theirs")
    func conflictReload() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("e"), .tab, .control("u"))
        await planner.type("Mine")
        var theirs = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        theirs.lastName = "Theirs"
        theirs.version = 2
        await planner.host.simulateExternalWrite(planner.weddingID, [.saveGuest(theirs)])
        await planner.until(planner.session.guests) { planner.session.guests.guest(Wedding1.ana)?.version == 2 }
        await planner.press(.enter)
        await planner.press(.character("r"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.lastName == "Theirs")
        #expect(planner.frame().contains("Ana Theirs"))
        #expect(planner.statusRow.contains("Reloaded"))
    }
}
