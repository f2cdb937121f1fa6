extension Key {
    /// The key's name in the configuration file: `a`, `A`, `ctrl-d`, `f5`, `enter`, `pgdn`.
    /// `Key(name:)` reads it back, and the names help shows (`Ctrl-D`, `PgDn`, `↑`) too.
    public var name: String {
        switch self {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let character): "ctrl-\(character)"
        case .function(let number): "f\(number)"
        case .modified(let key, let modifiers): modifiers.prefix(forConfiguration: true) + key.name
        case .backTab: "shift-tab"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .escape: "esc"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .tab: "tab"
        case .enter: "enter"
        case .backspace: "backspace"
        case .delete: "delete"
        case .insert: "insert"
        case .resize: "resize"
        case .mouse: "mouse"
        }
    }

    /// The key a configuration file names, or why the name is not one.
    ///
    /// One character stands for itself, case and all (`a`, `A`, `?`, `é`). Other names ignore
    /// case: `space`, `tab`, `shift-tab`, `enter`, `esc`, `backspace`, `delete`, `insert`, `up`,
    /// `down`, `left`, `right`, `home`, `end`, `pgup`, `pgdn` (and a few spellings of each),
    /// `ctrl-LETTER` (also `c-x`, `ctrl+x`), `f1` to `f24`, and a named key or function key after
    /// `ctrl-`, `alt-` and `shift-` (`ctrl-home`, `shift-f5`, `ctrl-shift-up`).
    public init(name: String) throws(KeyNameError) {
        if name.count == 1, let character = name.first {
            if let arrow = Self.arrows[character] {
                self = arrow
                return
            }
            guard character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) })
            else { throw KeyNameError(name: name, reason: "is a control character; write a name such as ctrl-d or tab") }
            self = .character(character)
            return
        }
        let lower = name.lowercased()
        if let key = Self.namedKeys[lower] {
            self = key
            return
        }
        if let key = Self.modified(lower) {
            self = key
            return
        }
        for prefix in ["ctrl-", "ctrl+", "control-", "c-", "^"] where lower.hasPrefix(prefix) && lower.count == prefix.count + 1 {
            self = try Self.control(lower.last!, name: name)
            return
        }
        if let number = Self.functionNumber(lower) {
            guard (1...24).contains(number) else { throw KeyNameError(name: name, reason: "is not a key: function keys go from f1 to f24") }
            self = .function(number)
            return
        }
        throw KeyNameError(name: name, reason: "is not a key name: write one character (a, A, ?), a name (enter, esc, tab, "
                           + "shift-tab, space, backspace, delete, up, down, left, right, home, end, pgup, pgdn), "
                           + "ctrl-LETTER, f1 to f24, or ctrl-, alt- or shift- before a name or function key")
    }

    /// `ctrl-home`, `shift-f5`, `ctrl-shift-up` (or `Ctrl-Shift-↑`, as help writes it): modifiers
    /// before a key terminals report modified; nil for anything else (`ctrl-d` is read elsewhere).
    private static func modified(_ lower: String) -> Key? {
        var rest = Substring(lower)
        var modifiers: KeyModifiers = []
        while let named = KeyModifiers.named.first(where: { rest.hasPrefix($0.name + "-") }) {
            rest = rest.dropFirst(named.name.count + 1)
            modifiers.insert(named.modifier)
        }
        guard !modifiers.isEmpty else { return nil }
        if rest.count == 1, let arrow = arrows[rest.first!] { return .modified(arrow, modifiers) }
        guard rest.count > 1 else { return nil }
        if let number = functionNumber(rest), (1...24).contains(number) { return .modified(.function(number), modifiers) }
        guard let key = namedKeys[String(rest)], modifiableKeys.contains(key) else { return nil }
        return .modified(key, modifiers)
    }

    /// The number of `f5`; nil if the name is not `f` and a number.
    private static func functionNumber(_ lower: some StringProtocol) -> Int? {
        guard lower.hasPrefix("f"), let number = Int(lower.dropFirst()), String(number) == lower.dropFirst() else { return nil }
        return number
    }

    private static func control(_ character: Character, name: String) throws(KeyNameError) -> Key {
        // Terminals send the same bytes for these as for Tab, Enter, Backspace and Esc.
        let sameAs: [Character: String] = ["i": "tab", "m": "enter", "j": "enter", "h": "backspace", "[": "esc"]
        if let other = sameAs[character] {
            throw KeyNameError(name: name, reason: "reaches the app as \(other) on a terminal; write \"\(other)\"")
        }
        guard ("a"..."z").contains(character) || "@\\]^_".contains(character) else {
            throw KeyNameError(name: name, reason: "is not a key a terminal sends: ctrl goes with a letter or one of @ \\ ] ^ _")
        }
        return .control(character)
    }

    private static let arrows: [Character: Key] = ["↑": .up, "↓": .down, "←": .left, "→": .right]

    /// The named keys terminals report with modifiers (besides function keys); Tab, Enter, Esc
    /// and Backspace arrive as the same bytes whatever is held.
    private static let modifiableKeys: Set<Key> = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete]

    private static let namedKeys: [String: Key] = [
        "space": .character(" "), "tab": .tab, "shift-tab": .backTab, "backtab": .backTab, "btab": .backTab,
        "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "backspace": .backspace, "bs": .backspace, "delete": .delete, "del": .delete, "insert": .insert, "ins": .insert,
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "page-down": .pageDown, "pgdown": .pageDown,
    ]
}

/// A key name in the configuration file that names no key, and why.
public struct KeyNameError: Error, Hashable, Sendable {
    public let name: String
    public let reason: String
}
