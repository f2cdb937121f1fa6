import BlueprintDomain
@testable import BlueprintTUI
@testable import BlueprintTerminal
import BlueprintTestDoubles
import Synchronization
import Testing

@Suite("Progress line: one state of a bar, fitted to a width")
struct ProgressLineTests {
    let checking = ProgressLine(label: "checking guests.csv", done: 3584, total: 10000)

    @Test func aWideTerminalShowsLabelBarCountsAndPercent() {
        #expect(checking.rendered(width: 79, unicode: true).string
                == "checking guests.csv  " + String(repeating: "█", count: 13) + String(repeating: "░", count: 26)
                + "   3584/10000   35%")
        #expect(checking.rendered(width: 79, unicode: true).width == 79)
    }

    @Test func theBarStopsGrowingOnVeryWideTerminals() {
        let line = checking.rendered(width: 200, unicode: true)
        #expect(line.width == 19 + 2 + ProgressLine.maximumBarWidth + 2 + 11 + 2 + 4)
    }

    @Test func nothingDoneIsAnEmptyBarAndEverythingDoneAFullOne() {
        let start = ProgressLine(label: "reading guests.csv", done: 0, total: 250).rendered(width: 60, unicode: true).string
        #expect(start == "reading guests.csv  " + String(repeating: "░", count: 25) + "    0/250    0%")
        let end = ProgressLine(label: "reading guests.csv", done: 250, total: 250).rendered(width: 60, unicode: true).string
        #expect(end == "reading guests.csv  " + String(repeating: "█", count: 25) + "  250/250  100%")
        #expect(ProgressLine(label: "checking", done: 0, total: 0).percent == 100, "an empty job is done")
    }

    @Test func asciiBarsForLocalesWithoutBlockCharacters() {
        let line = ProgressLine(label: "exporting guests", done: 5, total: 10).rendered(width: 50, unicode: false).string
        #expect(line == "exporting guests  [########---------]   5/10   50%")
    }

    @Test func narrowTerminalsDropTheBarThenTheCountsThenShortenTheLabel() {
        #expect(checking.rendered(width: 45, unicode: true).string == "checking guests.csv   3584/10000   35%")
        #expect(checking.rendered(width: 30, unicode: true).string == "checking guests.csv   35%")
        #expect(checking.rendered(width: 14, unicode: true).string == "checkin…   35%")
        #expect(checking.rendered(width: 3, unicode: true).string == "35%")
        #expect(checking.rendered(width: 0, unicode: true).string == "")
    }

    @Test(arguments: 0...120)
    func neverWiderThanGiven(width: Int) {
        for line in [checking, ProgressLine(label: "検証中 ゲスト名簿.csv", done: 7, total: 9), ProgressLine(label: "saving 10000 guests")] {
            #expect(line.rendered(width: width, unicode: true).width <= width)
            #expect(line.rendered(width: width, unicode: false).width <= width)
        }
    }

    @Test func withoutATotalOnlyTheLabelShows() {
        #expect(ProgressLine(label: "saving 10000 guests").rendered(width: 79, unicode: true).string == "saving 10000 guests")
    }

    @Test func aFileNameCannotSendEscapes() {
        let line = ProgressLine(label: "reading \u{1B}]0;owned\u{07}.csv", done: 1, total: 2).rendered(width: 79, unicode: true)
        #expect(!line.string.unicodeScalars.contains { $0.value < 0x20 })
        #expect(line.string.hasPrefix("reading ␛]0;owned␇.csv"))
    }
}

@Suite("Progress bar: redrawn in place, throttled, wiped at the end")
struct ProgressBarTests {
    final class Terminal: Sendable {
        let writes = Mutex<[String]>([])
        var all: [String] { writes.withLock { $0 } }
        func write(_ text: String) { writes.withLock { $0.append(text) } }
    }

    private func bar(columns: Int = 60, clock: ManualClock, terminal: Terminal) -> ProgressBar {
        ProgressBar(columns: { columns }, clock: clock, interval: .milliseconds(100), unicode: true, write: terminal.write)
    }

    @Test func redrawsAtMostOncePerIntervalUnlessThePhaseChanges() {
        let clock = ManualClock(), terminal = Terminal()
        let progress = bar(clock: clock, terminal: terminal)

        progress.update(ProgressLine(label: "reading", done: 0, total: 100))
        clock.advance(by: .milliseconds(40))
        progress.update(ProgressLine(label: "reading", done: 10, total: 100))
        clock.advance(by: .milliseconds(40))
        progress.update(ProgressLine(label: "reading", done: 20, total: 100))
        #expect(terminal.all.count == 1, "two updates within 100 ms of the first are not drawn")

        clock.advance(by: .milliseconds(20))
        progress.update(ProgressLine(label: "reading", done: 30, total: 100))
        #expect(terminal.all.count == 2)
        #expect(terminal.all.last?.contains("30/100") == true)

        clock.advance(by: .milliseconds(1))
        progress.update(ProgressLine(label: "checking", done: 0, total: 100))
        #expect(terminal.all.count == 3, "a new phase shows at once")
        #expect(terminal.all.last?.hasPrefix("\rchecking") == true)
    }

    @Test func eachRedrawStartsAtTheLineStartAndCoversTheLastOne() {
        let clock = ManualClock(), terminal = Terminal()
        let progress = bar(clock: clock, terminal: terminal)
        progress.update(ProgressLine(label: "validating guests.csv", done: 1, total: 2))
        progress.update(ProgressLine(label: "saving 2 guests"))

        let first = terminal.all[0], second = terminal.all[1]
        #expect(first.hasPrefix("\r") && second.hasPrefix("\r"))
        #expect(DisplayText(String(first.dropFirst())).width == 59, "one column short of the terminal")
        #expect(second == "\rsaving 2 guests" + String(repeating: " ", count: 59 - 15))
    }

    @Test func finishWipesTheLineAndLeavesTheCursorAtItsStart() {
        let clock = ManualClock(), terminal = Terminal()
        let progress = bar(columns: 40, clock: clock, terminal: terminal)
        progress.update(ProgressLine(label: "exporting guests", done: 3, total: 4))
        progress.finish()
        #expect(terminal.all.last == "\r" + String(repeating: " ", count: 39) + "\r")

        progress.finish()
        #expect(terminal.all.count == 2, "nothing shown, nothing to wipe")
    }

    @Test func aJobThatNeverUpdatesWritesNothing() {
        let terminal = Terminal()
        bar(clock: ManualClock(), terminal: terminal).finish()
        #expect(terminal.all.isEmpty)
    }
}
