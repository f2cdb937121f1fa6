@testable import BlueprintTerminal
import CNcursesw
import Testing

@Suite("KeyDecoder: raw wget_wch results to keys")
struct KeyDecoderTests {
    private func character(_ value: UInt32) -> Key? { KeyDecoder.decode(status: OK, value: value) }
    private func function(_ code: Int32) -> Key? { KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(code)) }

    @Test("printable characters, wide ones included")
    func characters() {
        #expect(character(0x61) == .character("a"))
        #expect(character(0x20) == .character(" "))
        #expect(character(0x5C71) == .character("山"))
        #expect(character(0x1F600) == .character("😀"))
        #expect(character(0x301) == .character("\u{301}"))
    }

    @Test("control characters: Enter, Tab, Esc, Backspace and Ctrl-letters")
    func controls() {
        #expect(character(0x0D) == .enter)
        #expect(character(0x0A) == .enter)
        #expect(character(0x09) == .tab)
        #expect(character(0x1B) == .escape)
        #expect(character(0x7F) == .backspace)
        #expect(character(0x08) == .backspace)
        #expect(character(0x01) == .control("a"))
        #expect(character(0x03) == .control("c"))
        #expect(character(0x0C) == .control("l"))
        #expect(character(0x17) == .control("w"))
        #expect(character(0x1A) == .control("z"))
        #expect(character(0x1F) == .control("_"))
    }

    @Test("C1 control characters are dropped")
    func c1Dropped() {
        #expect(character(0x9B) == nil)
        #expect(character(0x85) == nil)
    }

    @Test("function keys: arrows, paging, Home/End, Shift-Tab, Delete, F-keys")
    func functionKeys() {
        #expect(function(KEY_UP) == .up)
        #expect(function(KEY_DOWN) == .down)
        #expect(function(KEY_LEFT) == .left)
        #expect(function(KEY_RIGHT) == .right)
        #expect(function(KEY_PPAGE) == .pageUp)
        #expect(function(KEY_NPAGE) == .pageDown)
        #expect(function(KEY_HOME) == .home)
        #expect(function(KEY_END) == .end)
        #expect(function(KEY_BTAB) == .backTab)
        #expect(function(KEY_ENTER) == .enter)
        #expect(function(KEY_BACKSPACE) == .backspace)
        #expect(function(KEY_DC) == .delete)
        #expect(function(KEY_IC) == .insert)
        #expect(function(KEY_RESIZE) == .resize)
        #expect(function(KEY_F0 + 1) == .function(1))
        #expect(function(KEY_F0 + 12) == .function(12))
    }

    @Test("no input and unknown function keys decode to nothing")
    func nothing() {
        #expect(KeyDecoder.decode(status: ERR, value: 0) == nil)
        #expect(function(KEY_SRESET) == nil)
    }

    @Test("KEY_MOUSE reads the pending mouse event")
    func mouseKey() {
        let click = MouseEvent(.click, row: 3, column: 7)
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(KEY_MOUSE), mouse: { click }) == .mouse(click))
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(KEY_MOUSE), mouse: { nil }) == nil)
    }

    @Test("mouse state: button 1 selects, buttons 4 and 5 are the wheel")
    func mouseState() {
        #expect(KeyDecoder.mouse(buttonState: UInt32(cn_button1_pressed()), row: 2, column: 5) == MouseEvent(.click, row: 2, column: 5))
        #expect(KeyDecoder.mouse(buttonState: UInt32(cn_button1_clicked()), row: 2, column: 5) == MouseEvent(.click, row: 2, column: 5))
        #expect(KeyDecoder.mouse(buttonState: UInt32(cn_button4_pressed()), row: 0, column: 0)?.kind == .wheelUp)
        #expect(KeyDecoder.mouse(buttonState: UInt32(cn_button5_pressed()), row: 0, column: 0)?.kind == .wheelDown)
        #expect(KeyDecoder.mouse(buttonState: 0, row: 0, column: 0) == nil)
    }
}
