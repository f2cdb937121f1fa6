import BlueprintTerminal

/// Key hints written from the keymap in force ("a adds one", "Esc closes"), so that every text
/// that tells the user to press a key names the key really bound, after the configuration file
/// rebound it too. A hint whose action has no key where it is pressed is left out, never
/// written with a key that does nothing.
extension Keymap {
    /// The key that does `action` in `mode`, as help writes it (`?`, `Esc`, `Ctrl-D`): the first
    /// such key of the sections the mode consults, or `preferred` when it is one of them (the
    /// arrow `↓` rather than `j` where a hint shows a direction). Nil when no key does it there.
    public func keyName(for action: KeyAction, in mode: KeyMode, preferring preferred: Key? = nil) -> String? {
        // Called for every hint of every frame: a plain scan, without building arrays.
        var first: Key?
        for section in mode.layers + [.global] {
            for binding in bindings where binding.mode == section && binding.action == action {
                for key in binding.keys where resolve(key, in: mode) == .action(action) {
                    if key == preferred { return key.displayName }
                    first = first ?? key
                }
            }
        }
        return first?.displayName
    }

    /// `text` after the name of the key that does `action` in `mode` ("a adds one"); nil when
    /// no key does it there, so the hint is left out.
    public func hint(_ action: KeyAction, in mode: KeyMode, _ text: String, preferring preferred: Key? = nil) -> String? {
        keyName(for: action, in: mode, preferring: preferred).map { "\($0) \(text)" }
    }

    /// The hints of `mode` whose actions have keys, joined by `separator`
    /// ("e edits · d deletes · Esc closes"); when `more` is true (there is more to scroll to),
    /// first the key that scrolls down, the arrow if it is one ("↓ more").
    public func hints(_ hints: [(action: KeyAction, text: String)], in mode: KeyMode, separator: String = " · ",
                      more: Bool = false) -> String {
        ((more ? [hint(.moveDown, in: mode, "more", preferring: .down)] : [])
            + hints.map { hint($0.action, in: mode, $0.text) }).compactMap(\.self).joined(separator: separator)
    }

    /// A command of the `:` line as typed from the panes, with the key that opens the line in
    /// front (`:import guests FILE`; a named key such as `F2` is set apart by a space); nil
    /// when no key opens the command line.
    public func command(_ command: String) -> String? {
        keyName(for: .command, in: .global).map { $0.count == 1 ? $0 + command : "\($0) \(command)" }
    }
}

/// Sentences made of key hints.
enum KeyHints {
    /// `statement`, then those of `hints` that are there (bound keys), after `lead` and joined by
    /// `separator`, then `end`: "No guests yet: press a to add one, or :import guests FILE.".
    /// Without any hint, the statement and `end` alone: "No guests yet.".
    static func sentence(_ statement: String, _ hints: [String?], lead: String = ": ", separator: String = ", ",
                         end: String = ".") -> String {
        let present = hints.compactMap(\.self)
        return statement + (present.isEmpty ? "" : lead + present.joined(separator: separator)) + end
    }
}
