import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Text field")
struct TextFieldTests {
    func typed(_ text: String) -> TextField {
        var field = TextField()
        for character in text { _ = field.handle(.character(character)) }
        return field
    }

    @Test("typing inserts at the cursor; arrows move it")
    func typing() {
        var field = typed("abc")
        #expect(field.text == "abc" && field.cursor == 3)
        _ = field.handle(.left)
        _ = field.handle(.character("X"))
        #expect(field.text == "abXc" && field.cursor == 3)
        _ = field.handle(.right)
        _ = field.handle(.right)
        #expect(field.cursor == 4)
    }

    @Test("readline keys: Ctrl-A, Ctrl-E, Home, End, Ctrl-U, Ctrl-K, Ctrl-W")
    func readlineKeys() {
        var field = typed("seat  table four")
        _ = field.handle(.control("w"))
        #expect(field.text == "seat  table ")
        _ = field.handle(.control("w"))
        #expect(field.text == "seat  ")
        _ = field.handle(.control("a"))
        #expect(field.cursor == 0)
        _ = field.handle(.control("e"))
        #expect(field.cursor == 6)
        _ = field.handle(.home)
        _ = field.handle(.right)
        _ = field.handle(.control("k"))
        #expect(field.text == "s" && field.cursor == 1)
        field = typed("hello world")
        for _ in 0..<5 { _ = field.handle(.left) }
        _ = field.handle(.control("u"))
        #expect(field.text == "world" && field.cursor == 0)
        _ = field.handle(.end)
        #expect(field.cursor == 5)
    }

    @Test("Backspace and Delete remove one character; at the ends they do nothing")
    func deleting() {
        var field = typed("abc")
        _ = field.handle(.backspace)
        #expect(field.text == "ab")
        _ = field.handle(.delete)
        #expect(field.text == "ab")
        _ = field.handle(.home)
        _ = field.handle(.backspace)
        #expect(field.text == "ab" && field.cursor == 0)
        _ = field.handle(.delete)
        #expect(field.text == "b")
        _ = field.handle(.control("d"))
        #expect(field.text == "")
    }

    @Test("wide characters and accents are single steps for the cursor and for deletion")
    func graphemes() {
        var field = typed("山田😀")
        #expect(field.cursor == 3)
        _ = field.handle(.left)
        _ = field.handle(.backspace)
        #expect(field.text == "山😀")
        field = typed("Ame")
        _ = field.handle(.character("\u{301}"))
        #expect(field.text == "Ame\u{301}" && field.cursor == 3)
        _ = field.handle(.backspace)
        #expect(field.text == "Am")
    }

    @Test("Enter, Esc and Tab are left to the form around the field")
    func keysForTheForm() {
        var field = typed("x")
        let handled = [Key.enter, .escape, .tab].map { field.handle($0) }
        #expect(handled == [false, false, false])
        #expect(field.text == "x")
    }

    @Test("the text is kept exactly as typed")
    func storedVerbatim() {
        var field = TextField()
        field.insert("Evil\u{1B}[2J")
        #expect(field.text == "Evil\u{1B}[2J")
    }
}

@Suite("Text field rendering")
@MainActor
struct TextFieldRenderTests {
    @Test("focused, short text shows whole with the cursor after it")
    func focusedShort() {
        let canvas = MemoryCanvas(rows: 1, columns: 12)
        TextField("山田 é").render(into: canvas, row: 0, column: 1, width: 10, focused: true)
        #expect(canvas.rows == [" 山田 é     "])
        #expect(canvas.cursor == CanvasPoint(row: 0, column: 7))
    }

    @Test("focused, long text scrolls so the cursor stays in view, never splitting a wide character")
    func focusedLong() {
        let canvas = MemoryCanvas(rows: 1, columns: 8)
        var field = TextField("abc山田太郎")
        field.render(into: canvas, row: 0, column: 0, width: 8, focused: true)
        #expect(canvas.rows == [" 田太郎 "])
        #expect(canvas.cursor == CanvasPoint(row: 0, column: 7))
        _ = field.handle(.home)
        canvas.clear()
        field.render(into: canvas, row: 0, column: 0, width: 8, focused: true)
        #expect(canvas.rows == ["abc山田 "])
        #expect(canvas.cursor == CanvasPoint(row: 0, column: 0))
    }

    @Test("unfocused, long text ends in an ellipsis and empty text shows the placeholder")
    func unfocused() {
        let canvas = MemoryCanvas(rows: 2, columns: 10)
        TextField("Amélie Poulain").render(into: canvas, row: 0, column: 0, width: 10, focused: false)
        TextField().render(into: canvas, row: 1, column: 0, width: 10, focused: false, placeholder: "optional")
        #expect(canvas.rows == ["Amélie Po…", "optional  "])
        #expect(canvas.style(row: 1, column: 0) == .muted)
        #expect(canvas.cursor == nil)
    }

    @Test("hostile text is drawn neutralised, and the cursor counts the placeholders it becomes")
    func hostileText() {
        let canvas = MemoryCanvas(rows: 1, columns: 20)
        TextField("a\u{1B}]0;t\u{07}\r").render(into: canvas, row: 0, column: 0, width: 20, focused: true)
        #expect(canvas.rows == ["a␛]0;t␇␍            "])
        #expect(canvas.cursor == CanvasPoint(row: 0, column: 8))
    }
}
