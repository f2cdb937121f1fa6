import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("DisplayText: sanitising and measuring")
struct DisplayTextTests {
    @Test("widths come from the locale: CJK and emoji take two columns, combining accents none")
    func widths() {
        #expect(DisplayText("abc").width == 3)
        #expect(DisplayText("山田").width == 4)
        #expect(DisplayText("😀").width == 2)
        #expect(DisplayText("e\u{301}").width == 1)
        #expect(DisplayText(Names.emoji).width == 12)
    }

    @Test("escape sequences, OSC titles, carriage returns and newlines become visible placeholders")
    func hostileControls() {
        #expect(DisplayText(Names.escape).string == "Evil␛[2J␛[31mRed")
        #expect(DisplayText(Names.oscTitle).string == "Title␛]0;pwned␇Guest")
        #expect(DisplayText(Names.carriageReturn).string == "Over␍write")
        #expect(DisplayText("two\nlines").string == "two␊lines")
        for name in Names.all {
            #expect(!DisplayText(name).string.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("bidi overrides and zero-width characters are removed")
    func bidiRemoved() {
        #expect(DisplayText(Names.bidi).string == "Bidi desrever name")
        #expect(DisplayText("a\u{200B}b\u{2066}c").string == "abc")
    }

    @Test("a string literal is sanitised too")
    func literalSanitised() {
        let text: DisplayText = "bell\u{07}"
        #expect(text.string == "bell␇")
    }

    @Test("a combining mark with nothing to sit on is shown on a dotted circle, one column wide")
    func loneCombiningMark() {
        let text = DisplayText("\u{301}x")
        #expect(text.string == "\u{25CC}\u{301}x")
        #expect(text.width == 2)
    }

    @Test("a character the locale cannot print becomes the replacement character")
    func unprintable() {
        let text = DisplayText("a\u{378}b")
        #expect(text.string == "a\u{FFFD}b")
        #expect(text.width == 3)
    }
}

@Suite("Text layout")
struct TextLayoutTests {
    @Test("truncation ends in an ellipsis and fits the width")
    func truncation() {
        #expect(DisplayText("Wedding planner").truncated(toWidth: 8).string == "Wedding…")
        #expect(DisplayText("short").truncated(toWidth: 8).string == "short")
        #expect(DisplayText("abc").truncated(toWidth: 0).string == "")
    }

    @Test("no space is left dangling before the ellipsis, in ASCII and in wider text; the width stays exact")
    func truncationDropsTrailingSpaces() {
        for (text, width, expected) in [("Ana   Benson", 6, "Ana…"), ("Ana   Benson", 5, "Ana…"), ("Ana   Benson", 8, "Ana   B…"),
                                        ("Zoë   Benson", 6, "Zoë…"), ("山田   太郎", 7, "山田…")] {
            let truncated = DisplayText(text).truncated(toWidth: width)
            #expect(truncated.string == expected, "\(text) at \(width)")
            #expect(truncated.width == DisplayText(expected).width, "\(text) at \(width)")
        }
    }

    @Test("truncation never splits a wide character", arguments: 1...9)
    func truncationKeepsWideCharacters(width: Int) {
        let text = DisplayText("山田太郎花子").truncated(toWidth: width)
        #expect(text.width <= width)
        #expect(text.width >= width - 1)
        #expect(text.string.allSatisfy { "山田太郎花子…".contains($0) })
    }

    @Test("truncation keeps combining accents with their letters", arguments: 1...6)
    func truncationKeepsClusters(width: Int) {
        let text = DisplayText("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}").truncated(toWidth: width)
        #expect(text.width == width)
        for character in text.string where character != "…" {
            #expect(character == "e\u{301}")
        }
    }

    @Test("emoji are never cut in half")
    func truncationKeepsEmoji() {
        #expect(DisplayText("😀😀😀").truncated(toWidth: 4).string == "😀…")
        #expect(DisplayText("😀😀😀").truncated(toWidth: 5).string == "😀😀…")
    }

    @Test("fitting pads to exactly the width, on the side the alignment leaves")
    func fitting() {
        #expect(DisplayText("ab").fitted(toWidth: 5).string == "ab   ")
        #expect(DisplayText("ab").fitted(toWidth: 5, alignment: .right).string == "   ab")
        #expect(DisplayText("ab").fitted(toWidth: 5, alignment: .center).string == " ab  ")
        #expect(DisplayText("山田太郎").fitted(toWidth: 6).string == "山田… ")
        #expect(DisplayText("$1,250.00").fitted(toWidth: 12, alignment: .right).width == 12)
    }

    @Test("a column window shows spaces where a wide character is cut by an edge")
    func columnWindow() {
        let text = DisplayText("a山b")
        #expect(text.columns(from: 0, width: 2).string == "a ")
        #expect(text.columns(from: 2, width: 2).string == " b")
        #expect(text.columns(from: 1, width: 2).string == "山")
        #expect(text.columns(from: 3, width: 4).string == "b   ")
    }

    @Test("wrapping breaks at spaces, and cuts words longer than a line between clusters")
    func wrapping() {
        let lines = DisplayText("Delete Amélie Poulain from the guest list?").wrapped(toWidth: 16)
        #expect(lines.map(\.string) == ["Delete Amélie", "Poulain from the", "guest list?"])
        #expect(DisplayText("山田太郎花子").wrapped(toWidth: 5).map(\.string) == ["山田", "太郎", "花子"])
        #expect(DisplayText("").wrapped(toWidth: 5).map(\.string) == [""])
    }
}
