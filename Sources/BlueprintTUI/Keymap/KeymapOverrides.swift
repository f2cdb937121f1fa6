import BlueprintConfiguration
import BlueprintTerminal

extension Keymap {
    /// This keymap with the configuration file's key overrides applied: each gives an action of
    /// a section new keys, in place of its keys here, so dispatch and help both follow.
    ///
    /// An override is left out, and the action keeps its keys, with a problem naming its line,
    /// when it names an unknown section or action, an action the section does not have, or a
    /// key that is no key; when it would stop a character being typed in text fields; when it
    /// would take Ctrl-L or Ctrl-Z's work (which the app does in every mode) off a Ctrl key; or
    /// when it would make a key mean two things in one mode. Of two overrides that clash, the
    /// later line is left out, so keys can still be swapped (`add = "e"` with `edit = "a"`).
    public func applying(_ overrides: [KeyOverride]) -> (keymap: Keymap, problems: [ConfigurationProblem]) {
        var problems: [ConfigurationProblem] = []
        var accepted: [Int: (override: KeyOverride, keys: [Key])] = [:]
        for override in overrides {
            do {
                let (index, keys) = try check(override)
                accepted[index] = (override, keys)
            } catch {
                problems.append(error)
            }
        }
        while true {
            let keymap = Keymap(bindings.enumerated().map { index, binding in
                accepted[index].map { KeyBinding(binding.mode, $0.keys, binding.action, binding.help) } ?? binding
            })
            guard let conflict = keymap.conflicts.first else { return (keymap, problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) }) }
            let sections = conflict.mode.sectionsSharingKeys
            let holders = keymap.bindings.indices.filter {
                sections.contains(keymap.bindings[$0].mode) && keymap.bindings[$0].keys.contains(conflict.key)
            }
            // A conflict needs an override: the standard keymap has none.
            guard let culprit = holders.filter({ accepted[$0] != nil }).max(by: { accepted[$0]!.override.line < accepted[$1]!.override.line }),
                  let other = holders.first(where: { $0 != culprit }) else {
                preconditionFailure("a key conflict without an override: \(conflict)")
            }
            let binding = bindings[culprit]
            let clash = keymap.bindings[other]
            let place = clash.mode == binding.mode ? "in [keys.\(clash.mode.name)]"
                : "in [keys.\(clash.mode.name)], which shares keys with [keys.\(binding.mode.name)]"
            problems.append(accepted[culprit]!.override.problem(
                "\(quoted(conflict.key.name)) already means \(clash.action.name) \(place); "
                + "\(binding.action.name) keeps \(Self.names(binding.keys))"))
            accepted[culprit] = nil
        }
    }

    /// The binding an override changes, and its new keys; or why it cannot be applied.
    private func check(_ override: KeyOverride) throws(ConfigurationProblem) -> (index: Int, keys: [Key]) {
        guard let mode = KeyMode(name: override.section) else {
            throw override.problem("unknown key section \(quoted("[keys.\(override.section)]")): the sections are "
                                   + KeyMode.allCases.map(\.name).joined(separator: ", "))
        }
        guard let action = KeyAction(name: override.action) else {
            throw override.problem("unknown action \(quoted(override.action)) in [keys.\(mode.name)]: its actions are "
                                   + bindings(in: mode).map(\.action.name).joined(separator: ", "))
        }
        guard let index = bindings.firstIndex(where: { $0.mode == mode && $0.action == action }) else {
            let homes = bindings.filter { $0.action == action }.map { "[keys.\($0.mode.name)]" }
            throw override.problem("\(action.name) is not an action of [keys.\(mode.name)]"
                                   + (homes.isEmpty ? "" : "; it is in " + homes.joined(separator: ", ")))
        }
        var keys: [Key] = []
        for name in override.keys {
            let key: Key
            do {
                key = try Key(name: name)
            } catch {
                throw override.problem("\(quoted(name)) \(error.reason)")
            }
            if !keys.contains(key) { keys.append(key) }
        }
        if Self.textSections.contains(mode), let typed = keys.first(where: { $0.printableCharacter != nil }) {
            throw override.problem("\(quoted(typed.name)) would no longer type itself in text fields: "
                                   + "in [keys.\(mode.name)] use ctrl- keys, f-keys or named keys such as enter")
        }
        if action.isHandledByApp && action != .quit, let plain = keys.first(where: { if case .control = $0 { false } else { true } }) {
            throw override.problem("\(action.name) works in every mode only from a ctrl- key, "
                                   + "not \(quoted(plain.name)); such as \"ctrl-\(action == .redraw ? "l" : "z")\"")
        }
        return (index, keys)
    }

    /// Sections whose modes type printable keys into a text field.
    private static let textSections: Set<KeyMode> = [.form, .textEditing, .search, .commandLine]

    private static func names(_ keys: [Key]) -> String { keys.map { quoted($0.name) }.joined(separator: ", ") }
}

private func quoted(_ text: String) -> String { ConfigurationProblem.quoting(text) }
