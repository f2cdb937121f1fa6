import BlueprintDomain
import BlueprintTerminal

/// The words for who else is here, sanitised for drawing.
enum PresenceText {
    /// The longest a name is drawn in the header.
    static let nameWidth = 16

    /// The header's note on the other sessions, longest first, for the header to take the first
    /// that fits: "Mei here", "Mei, Sam here", "3 others here", then "+3"; empty when no one else is
    /// here. One person in two sessions counts once.
    static func header(_ others: [Presence]) -> [DisplayText] {
        var names: [String] = []
        for presence in others where !names.contains(presence.name) { names.append(presence.name) }
        guard !names.isEmpty else { return [] }
        let short = DisplayText("+\(names.count)")
        if names.count > 2 { return [DisplayText("\(names.count) others here"), short] }
        let shown = names.map { DisplayText($0).truncated(toWidth: nameWidth) }
        return [shown.dropFirst().reduce(shown[0]) { $0 + ", " + $1 } + " here", short]
    }

    /// "Mei is editing this guest", "Mei and Sam are editing this guest"; empty for no one.
    static func editing(_ others: [Presence], _ kind: RecordKind) -> DisplayText {
        var names: [String] = []
        for presence in others where !names.contains(presence.name) { names.append(presence.name) }
        switch names.count {
        case 0: return .empty
        case 1: return DisplayText("\(names[0]) is editing this \(kind.noun)")
        case 2: return DisplayText("\(names[0]) and \(names[1]) are editing this \(kind.noun)")
        default: return DisplayText("\(names[0]) and \(names.count - 1) others are editing this \(kind.noun)")
        }
    }
}
