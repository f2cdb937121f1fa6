import BlueprintTUI
@testable import BlueprintTerminal
import Testing

/// A screen that records the keys it gets and draws a fixed line.
@MainActor
final class RecordingScreen: Screen {
    var keys: [Key] = []
    var effect = Effect.redraw

    func render(into canvas: any Canvas) {
        canvas.draw("pane", row: 0, column: 0, style: .normal)
    }

    func handle(_ key: Key) -> Effect {
        keys.append(key)
        return effect
    }

    var interruptions = 0
    var interruptEffect = Effect.quit

    func interrupt() -> Effect {
        interruptions += 1
        return interruptEffect
    }
}

@Suite("FrameDriver")
@MainActor
struct FrameDriverTests {
    let normal = CanvasSize(rows: 24, columns: 80)
    let small = CanvasSize(rows: 10, columns: 40)

    @Test("keys go to the screen, whose effect decides the frame")
    func routesKeys() {
        let screen = RecordingScreen()
        let driver = FrameDriver(root: screen)
        #expect(driver.handle(.character("j"), size: normal) == .redraw)
        screen.effect = .nothing
        #expect(driver.handle(.down, size: normal) == .nothing)
        screen.effect = .quit
        #expect(driver.handle(.character("q"), size: normal) == .quit)
        #expect(screen.keys == [.character("j"), .down, .character("q")])
    }

    @Test("Ctrl-C quits, Ctrl-L repaints and Ctrl-Z suspends without reaching the screen")
    func appKeys() {
        let screen = RecordingScreen()
        let driver = FrameDriver(root: screen)
        #expect(driver.handle(.control("c"), size: normal) == .quit)
        #expect(driver.handle(.control("l"), size: normal) == .repaintAll)
        #expect(driver.handle(.control("z"), size: normal) == .suspend)
        #expect(driver.handle(.control("l"), size: small) == .repaintAll)
        #expect(screen.keys.isEmpty)
    }

    @Test("Ctrl-C asks the screen, which may keep the app open to ask about unsaved edits; so does q when too small")
    func interruptAsksTheScreen() {
        let screen = RecordingScreen()
        screen.interruptEffect = .redraw
        let driver = FrameDriver(root: screen)
        #expect(driver.handle(.control("c"), size: normal) == .redraw)
        #expect(driver.handle(.character("q"), size: small) == .redraw)
        #expect(screen.interruptions == 2)
        #expect(screen.keys.isEmpty)
    }

    @Test("below the minimum size the notice replaces the layout, keys are ignored, and q still quits")
    func belowMinimum() {
        let screen = RecordingScreen()
        let driver = FrameDriver(root: screen)
        #expect(driver.handle(.character("d"), size: small) == .nothing)
        #expect(driver.handle(.character("q"), size: small) == .quit)
        #expect(screen.keys.isEmpty)
        let canvas = MemoryCanvas(rows: 10, columns: 40)
        driver.render(into: canvas)
        #expect(canvas.text.contains("Terminal too small"))
        #expect(!canvas.text.contains("pane"))
    }

    @Test("a resize reaches the screen and always redraws: the notice when too small, the layout again when not")
    func resize() {
        let screen = RecordingScreen()
        screen.effect = .nothing
        let driver = FrameDriver(root: screen)
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        canvas.resize(to: small)
        #expect(driver.handle(.resize, size: canvas.size) == .redraw)
        driver.render(into: canvas)
        #expect(canvas.text.contains("40×10 now, 60×16 needed"))
        canvas.resize(to: normal)
        #expect(driver.handle(.resize, size: canvas.size) == .redraw)
        driver.render(into: canvas)
        #expect(canvas.rows[0].hasPrefix("pane"))
        #expect(screen.keys == [.resize, .resize])
    }

    @Test("each frame starts blank, so nothing from the previous frame lingers")
    func framesStartBlank() {
        let driver = FrameDriver(root: RecordingScreen())
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        canvas.draw("stale", row: 5, column: 5, style: .danger)
        canvas.cursor = CanvasPoint(row: 1, column: 1)
        driver.render(into: canvas)
        #expect(canvas.text.split(separator: "\n") == ["pane"])
        #expect(canvas.styleMap.allSatisfy { $0 == " " || $0 == "\n" })
        #expect(canvas.cursor == nil)
    }
}
