/// An app's one table of key bindings, over its sections (`Mode`) and actions. Screens dispatch
/// keys through it and help is drawn from it, so help cannot drift from what keys do.
public struct KeyTable<Mode: KeymapMode, Action: KeymapAction>: Sendable {
    public typealias Binding = KeyTableRow<Mode, Action>
    public typealias Resolution = KeyMeaning<Action>

    /// Every binding, in the order help lists them.
    public let bindings: [Binding]
    private let actions: [Mode: [Key: Action]]

    public init(_ bindings: [Binding]) {
        self.bindings = bindings
        var actions: [Mode: [Key: Action]] = [:]
        for binding in bindings {
            for key in binding.keys where actions[binding.mode]?[key] == nil {
                actions[binding.mode, default: [:]][key] = binding.action
            }
        }
        self.actions = actions
    }

    /// What `key` does in `mode`: the mode's own sections first, then typed text where the mode
    /// takes text, then the global section (only its control and function keys when the mode is
    /// modal: Ctrl-C, F1).
    public func resolve(_ key: Key, in mode: Mode) -> Resolution {
        for layer in mode.layers {
            if let action = actions[layer]?[key] { return .action(action) }
        }
        if mode.capturesText, let character = key.printableCharacter { return .text(character) }
        if mode != .global, let action = actions[.global]?[key] {
            switch key {
            case .control, .function: return .action(action)
            default: if !mode.isModal { return .action(action) }
            }
        }
        return .unbound
    }

    /// The bindings of one section, in table order.
    public func bindings(in mode: Mode) -> [Binding] { bindings.filter { $0.mode == mode } }

    /// Every section that has bindings, in `Mode` order: how help and the key reference list them.
    public var sections: [(mode: Mode, bindings: [Binding])] {
        Mode.allCases.map { ($0, bindings(in: $0)) }.filter { !$0.bindings.isEmpty }
    }

    /// Keys that mean two things in one mode: bound twice within the sections a mode consults,
    /// in a non-modal mode hiding a global binding, or in any mode bound to a key the app takes
    /// before modes see it (Ctrl-C, Ctrl-L, Ctrl-Z). Empty for a well-formed keymap.
    public var conflicts: [(mode: Mode, key: Key)] {
        let appKeys = Set(bindings(in: .global).flatMap(\.keys).filter { appAction(for: $0) != nil })
        var found: [(Mode, Key)] = []
        for mode in Mode.allCases {
            let sections = mode.sectionsSharingKeys
            let seesGlobal = mode == .global || !mode.isModal
            var seen: Set<Key> = seesGlobal ? [] : appKeys
            for binding in bindings where sections.contains(binding.mode) {
                for key in binding.keys where !seen.insert(key).inserted {
                    found.append((mode, key))
                }
            }
        }
        return found
    }

    /// The action the terminal app performs itself for `key` (Ctrl-C, Ctrl-L, Ctrl-Z), in any mode.
    public func appAction(for key: Key) -> Action? {
        guard case .control = key, case .action(let action) = resolve(key, in: .global), action.isHandledByApp else {
            return nil
        }
        return action
    }
}

extension KeymapMode {
    /// The sections whose keys must differ in this mode: those it consults, and the global
    /// section where every key of it reaches the mode.
    public var sectionsSharingKeys: [Self] {
        !isModal && self != .global ? layers + [.global] : layers
    }
}
