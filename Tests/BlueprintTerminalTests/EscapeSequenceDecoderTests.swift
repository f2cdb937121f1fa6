@testable import BlueprintTerminal
import CNcursesw
import Testing

@Suite("EscapeSequenceDecoder: escape sequences terminfo does not know")
struct EscapeSequenceDecoderTests {
    /// The keys for `text` read a character at a time, as ncurses hands over a sequence it does
    /// not know; with `finishing`, the escape delay then passes with nothing more.
    private func keys(_ text: String, finishing: Bool = true) -> [Key] {
        var decoder = EscapeSequenceDecoder()
        var keys = text.unicodeScalars.flatMap { decoder.decode(character: $0.value) }
        if finishing { keys += decoder.finish() }
        return keys
    }

    private static let esc = "\u{1B}"

    @Test("Home and End in every common form: xterm, tmux, rxvt, the Linux console, SS3", arguments: [
        ("[1~", Key.home), ("[4~", .end), ("[7~", .home), ("[8~", .end), ("[H", .home), ("[F", .end),
        ("OH", .home), ("OF", .end),
    ])
    func homeAndEnd(sequence: String, key: Key) {
        #expect(keys(Self.esc + sequence) == [key])
    }

    @Test("Insert, Delete, PgUp, PgDn and the arrows", arguments: [
        ("[2~", Key.insert), ("[3~", .delete), ("[5~", .pageUp), ("[6~", .pageDown),
        ("[A", .up), ("[B", .down), ("[C", .right), ("[D", .left),
        ("OA", .up), ("OB", .down), ("OC", .right), ("OD", .left), ("[Z", .backTab),
    ])
    func editingAndArrows(sequence: String, key: Key) {
        #expect(keys(Self.esc + sequence) == [key])
    }

    @Test("F1–F12: xterm's SS3 and tilde forms, rxvt's, and the Linux console's")
    func functionKeys() {
        let xterm = ["OP", "OQ", "OR", "OS", "[15~", "[17~", "[18~", "[19~", "[20~", "[21~", "[23~", "[24~"]
        let rxvt = ["[11~", "[12~", "[13~", "[14~", "[15~", "[17~", "[18~", "[19~", "[20~", "[21~", "[23~", "[24~"]
        let linux = ["[[A", "[[B", "[[C", "[[D", "[[E", "[17~", "[18~", "[19~", "[20~", "[21~", "[23~", "[24~"]
        for (number, forms) in zip(1...12, zip(xterm, zip(rxvt, linux))) {
            #expect(keys(Self.esc + forms.0) == [.function(number)], "xterm F\(number)")
            #expect(keys(Self.esc + forms.1.0) == [.function(number)], "rxvt F\(number)")
            #expect(keys(Self.esc + forms.1.1) == [.function(number)], "linux F\(number)")
        }
        #expect(keys(Self.esc + "[1;2P") == [.modified(.function(1), .shift)])
        #expect(keys(Self.esc + "[1P") == [.function(1)])
    }

    @Test("modifiers ;2 to ;8 on letters and tilde keys, and rxvt's $ ^ @ forms", arguments: [
        ("[1;2H", Key.modified(.home, .shift)), ("[1;3F", .modified(.end, .alt)), ("[1;4A", .modified(.up, [.shift, .alt])),
        ("[1;5C", .modified(.right, .control)), ("[1;6D", .modified(.left, [.control, .shift])),
        ("[1;7B", .modified(.down, [.control, .alt])), ("[1;8H", .modified(.home, [.control, .alt, .shift])),
        ("[3;5~", .modified(.delete, .control)), ("[5;2~", .modified(.pageUp, .shift)), ("[15;5~", .modified(.function(5), .control)),
        ("[24;2~", .modified(.function(12), .shift)), ("[1;1H", .home), ("O5P", .modified(.function(1), .control)),
        ("[7$", .modified(.home, .shift)), ("[8^", .modified(.end, .control)), ("[3@", .modified(.delete, [.control, .shift])),
        ("[a", .modified(.up, .shift)), ("Od", .modified(.left, .control)),
    ])
    func modifiers(sequence: String, key: Key) {
        #expect(keys(Self.esc + sequence) == [key])
    }

    @Test("the keypad in application mode types its characters; its Enter is Enter")
    func keypad() {
        #expect(keys(Self.esc + "Op" + Self.esc + "Oy" + Self.esc + "Ok" + Self.esc + "OM") == [.character("0"), .character("9"), .character("+"), .enter])
    }

    @Test("any other sequence is swallowed whole: never text, never other keys", arguments: [
        "[4;9~", "[99~", "[<0;10;5M", "[?1;2c", "[200~", "[I", "[O", "[1;5E", "OE", "[[Z", "[2;3;4H", "[5A", "[1;9H", "O1;2;3P",
    ])
    func unknownSwallowed(sequence: String) {
        #expect(keys(Self.esc + sequence + "x") == [.character("x")])
    }

    @Test("keys around sequences keep their order; a sequence split across reads waits for its end")
    func splitAndOrder() {
        var decoder = EscapeSequenceDecoder()
        #expect("a\u{1B}[".unicodeScalars.flatMap { decoder.decode(character: $0.value) } == [.character("a")])
        #expect(decoder.isWaiting)
        #expect("4".unicodeScalars.flatMap { decoder.decode(character: $0.value) } == [])
        #expect("~b".unicodeScalars.flatMap { decoder.decode(character: $0.value) } == [.end, .character("b")])
        #expect(!decoder.isWaiting)
    }

    @Test("a lone Esc is Esc once the escape delay passes; Esc Esc is two; Esc then a letter is both")
    func loneEscape() {
        var decoder = EscapeSequenceDecoder()
        #expect(decoder.decode(character: 0x1B) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.finish() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(keys(Self.esc + Self.esc) == [.escape, .escape])
        #expect(keys(Self.esc + "q") == [.escape, .character("q")])
        #expect(keys(Self.esc + Self.esc + "[4~") == [.escape, .end])
    }

    @Test("an unfinished sequence is dropped when the delay passes, and one broken by a control character gives way to it")
    func unfinished() {
        #expect(keys(Self.esc + "[1;5") == [])
        #expect(keys(Self.esc + "O") == [])
        #expect(keys(Self.esc + "[1\r") == [.enter])
        #expect(keys(Self.esc + "[1" + Self.esc + "[4~") == [.end])
        #expect(keys(Self.esc + "[" + String(repeating: "1", count: 40) + "Ax") == [.character("x")])
        #expect(keys(Self.esc + "O" + String(repeating: "1", count: 40) + "Px") == [.character("x")])
    }

    @Test("a key ncurses decoded ends what was pending: Esc before it is Esc, a partial sequence goes")
    func ncursesKeyEndsPending() {
        var decoder = EscapeSequenceDecoder()
        _ = decoder.decode(character: 0x1B)
        #expect(decoder.decode(status: KEY_CODE_YES, value: UInt32(KEY_UP)) == [.escape, .up])
        _ = decoder.decode(character: 0x1B)
        _ = decoder.decode(character: 0x5B)
        #expect(decoder.decode(status: KEY_CODE_YES, value: UInt32(KEY_HOME)) == [.home])
        #expect(decoder.decode(status: OK, value: 0x61) == [.character("a")])
    }

    @Test("ncurses' shifted keys and terminfo's extended names (kUP5, kHOM3, kDC) carry their modifiers")
    func ncursesModifiedKeys() {
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(KEY_SHOME)) == .modified(.home, .shift))
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(KEY_SEND)) == .modified(.end, .shift))
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(KEY_SDC)) == .modified(.delete, .shift))
        #expect(KeyDecoder.extendedKey(named: "kUP5") == .modified(.up, .control))
        #expect(KeyDecoder.extendedKey(named: "kHOM3") == .modified(.home, .alt))
        #expect(KeyDecoder.extendedKey(named: "kEND6") == .modified(.end, [.control, .shift]))
        #expect(KeyDecoder.extendedKey(named: "kDC") == .modified(.delete, .shift))
        #expect(KeyDecoder.extendedKey(named: "kNXT7") == .modified(.pageDown, [.control, .alt]))
        #expect(KeyDecoder.extendedKey(named: "kUP9") == nil)
        #expect(KeyDecoder.extendedKey(named: "kpADD") == nil)
        #expect(KeyDecoder.extendedKey(named: "kDN15") == nil)
    }
}
