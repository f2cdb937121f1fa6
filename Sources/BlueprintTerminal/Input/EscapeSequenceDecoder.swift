import CNcursesw

/// Turns what ncurses reads into keys, decoding the escape sequences its terminfo entry does not
/// know: the one place where the terminal's key sequences are read by hand.
///
/// With `keypad` on, ncurses turns the sequences `TERM`'s terminfo entry lists into `KEY_*`
/// codes, and hands over any other sequence as Esc followed by its bytes. Terminals disagree
/// with terminfo all the time (tmux sends `ESC [1~` and `ESC [4~` for Home and End whatever
/// `TERM` says inside it; rxvt and the Linux console have forms of their own), so those bytes
/// are read here: a table of the common xterm, rxvt and Linux-console sequences, and a CSI/SS3
/// parser that reads each sequence to its final byte, modifiers (`;2` to `;8`) included.
/// Anything else that starts with `ESC [` or `ESC O` is swallowed whole: never typed as text,
/// never taken for other keys. It is written by hand because there is no library for this in
/// Swift, and ncurses only knows what terminfo says.
///
/// Bytes may arrive split across reads (over ssh), so an unfinished sequence waits for the next
/// read; if none comes within the escape delay, `finish()` ends it: a lone Esc is the Esc key,
/// an unfinished sequence is dropped.
public struct EscapeSequenceDecoder: Sendable {
    /// The longest sequence read; a longer one is dropped as garbage.
    static let longestSequence = 32
    private static let escape: UInt32 = 0x1B
    private static let unreadable: UInt32 = 0x3F

    /// Esc and what followed it so far, while a sequence is unfinished.
    private var pending: [UInt32] = []

    public init() {}

    /// Whether an Esc or an unfinished sequence waits for more input (or for `finish()`).
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys for one `wget_wch` result (see `KeyDecoder.decode`).
    public mutating func decode(status: Int32, value: UInt32, mouse: () -> MouseEvent? = { nil }) -> [Key] {
        if status == OK { return decode(character: value) }
        let key = KeyDecoder.decode(status: status, value: value, mouse: mouse)
        // A key ncurses decoded ends what was pending: a lone Esc is Esc, a partial sequence is dropped.
        return finish() + (key.map { [$0] } ?? [])
    }

    /// The keys for one character (a `wchar_t`) read from the terminal.
    public mutating func decode(character value: UInt32) -> [Key] {
        if pending.isEmpty {
            if value == Self.escape {
                pending = [value]
                return []
            }
            return KeyDecoder.character(value).map { [$0] } ?? []
        }
        pending.append(value)
        return advance()
    }

    /// Ends what is pending because no more input came: Esc alone is the Esc key; an unfinished
    /// sequence is dropped.
    public mutating func finish() -> [Key] {
        defer { pending = [] }
        return pending == [Self.escape] ? [.escape] : []
    }

    private mutating func advance() -> [Key] {
        let introducer = pending[1]
        if pending.count == 2 {
            switch introducer {
            case 0x5B, 0x4F: return []  // `[` or `O`: a CSI or SS3 sequence follows.
            case Self.escape:
                pending = [Self.escape]
                return [.escape]
            default:
                // Esc, then a key typed soon after it: both, as ncurses gives them.
                pending = []
                return [.escape] + decode(character: introducer)
            }
        }
        let body = Array(pending.dropFirst(2))
        let last = body[body.count - 1]
        let isFinal: Bool
        if introducer == 0x5B {
            if body.first == 0x5B {
                // The Linux console's F1–F5: `ESC [[A` to `ESC [[E`, one letter after the second `[`.
                guard body.count == 2 else { return [] }
                pending = []
                return Self.linuxConsoleFunctionKey(last).map { [$0] } ?? []
            }
            // rxvt ends modified keys with `$` (Shift) as well as `^` and `@`; `$` is an
            // intermediate byte in other sequences, so it is final only after digits alone.
            let rxvtShift = last == 0x24 && body.count > 1 && body.dropLast().allSatisfy(Self.isDigit)
            isFinal = (0x40...0x7E).contains(last) || rxvtShift
            if !isFinal && !(0x20...0x3F).contains(last) { return abandon(reading: last) }
        } else {
            isFinal = (0x40...0x7E).contains(last)
            if !isFinal && !(0x30...0x3B).contains(last) { return abandon(reading: last) }
        }
        guard isFinal else {
            // Longer than any key's sequence: garbage, read to its end without keeping it (the
            // `?` left in its place matches no key).
            if pending.count > Self.longestSequence { pending.replaceSubrange(2..., with: [Self.unreadable]) }
            return []
        }
        pending = []
        let parameters = String(decoding: body.dropLast().map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        let key = introducer == 0x5B ? Self.controlSequenceKey(parameters, final: last) : Self.singleShiftKey(parameters, final: last)
        return key.map { [$0] } ?? []
    }

    /// Drops the sequence that `byte` broke (a control or non-ASCII character inside it) and
    /// reads `byte` afresh: it may be Esc starting the next sequence.
    private mutating func abandon(reading byte: UInt32) -> [Key] {
        pending = []
        return decode(character: byte)
    }

    private static func isDigit(_ byte: UInt32) -> Bool { (0x30...0x39).contains(byte) }

    // MARK: The sequences

    /// `ESC [ parameters final`: xterm's `ESC [1;5H`, `ESC [3~`, `ESC [15;2~`; rxvt's `ESC [7~`,
    /// `ESC [7$`, `ESC [2^`, `ESC [a`; nil for any other.
    static func controlSequenceKey(_ parameters: String, final: UInt32) -> Key? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count <= 2, parameters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { return nil }
        let numbers = fields.map { Int($0) }
        let modifiers: KeyModifiers
        if fields.count == 2 {
            guard let parameter = numbers[1], let held = KeyModifiers(parameter: parameter) else { return nil }
            modifiers = held
        } else {
            modifiers = []
        }
        let scalar = Character(Unicode.Scalar(UInt8(truncatingIfNeeded: final)))
        switch scalar {
        case "~", "$", "^", "@":
            guard let number = numbers.first ?? nil, let key = tildeKeys[number] else { return nil }
            let rxvt: KeyModifiers = switch scalar {
            case "$": .shift
            case "^": .control
            case "@": [.control, .shift]
            default: []
            }
            guard rxvt.isEmpty || fields.count == 1 else { return nil }
            return key.with(modifiers.union(rxvt))
        case "Z":
            return parameters.isEmpty ? .backTab : nil
        default:
            guard numbers.first.map({ $0 == nil || $0 == 1 }) ?? true else { return nil }
            if let key = letterKeys[scalar] { return key.with(modifiers) }
            if let key = rxvtShiftedArrows[scalar], parameters.isEmpty { return key.with(.shift) }
            return nil
        }
    }

    /// `ESC O final`, with xterm's modifier digits in some forms (`ESC O5P`): arrows, Home, End,
    /// F1–F4, the keypad in application mode, and rxvt's Ctrl-arrows (`ESC Oa`); nil for any other.
    static func singleShiftKey(_ parameters: String, final: UInt32) -> Key? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard parameters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }), fields.count <= 2,
              fields.count == 1 || Int(fields[0]) ?? 1 == 1 else { return nil }
        var modifiers: KeyModifiers = []
        if !parameters.isEmpty {
            guard let parameter = Int(fields[fields.count - 1]), let held = KeyModifiers(parameter: parameter) else { return nil }
            modifiers = held
        }
        let scalar = Character(Unicode.Scalar(UInt8(truncatingIfNeeded: final)))
        if let key = letterKeys[scalar] { return key.with(modifiers) }
        if let key = rxvtShiftedArrows[scalar], parameters.isEmpty { return key.with(.control) }
        if let key = keypadKeys[scalar], modifiers.isEmpty { return key }
        return nil
    }

    /// The Linux console's `ESC [[A` (F1) to `ESC [[E` (F5).
    static func linuxConsoleFunctionKey(_ final: UInt32) -> Key? {
        (0x41...0x45).contains(final) ? .function(Int(final) - 0x40) : nil
    }

    /// `ESC [n~`: xterm, rxvt, the Linux console and tmux agree on these numbers.
    static let tildeKeys: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12), 25: .function(13), 26: .function(14), 28: .function(15),
        29: .function(16), 31: .function(17), 32: .function(18), 33: .function(19), 34: .function(20),
    ]

    /// The final letters of `ESC [A`, `ESC OA`, `ESC [1;5A`: arrows, Home, End, F1–F4.
    static let letterKeys: [Character: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end,
        "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4),
    ]

    /// rxvt's `ESC [a` (Shift-↑) and `ESC Oa` (Ctrl-↑), to `d` (←).
    static let rxvtShiftedArrows: [Character: Key] = ["a": .up, "b": .down, "c": .right, "d": .left]

    /// The keypad in application mode (`ESC Op` is 0, `ESC OM` Enter).
    static let keypadKeys: [Character: Key] = [
        "p": .character("0"), "q": .character("1"), "r": .character("2"), "s": .character("3"), "t": .character("4"),
        "u": .character("5"), "v": .character("6"), "w": .character("7"), "x": .character("8"), "y": .character("9"),
        "j": .character("*"), "k": .character("+"), "l": .character(","), "m": .character("-"), "n": .character("."),
        "o": .character("/"), "X": .character("="), "M": .enter,
    ]
}

extension Key {
    /// This key with `modifiers` held (itself when there are none).
    func with(_ modifiers: KeyModifiers) -> Key { modifiers.isEmpty ? self : .modified(self, modifiers) }
}
