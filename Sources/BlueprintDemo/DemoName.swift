import BlueprintDomain
/// A name as it is written, and a plain lower-case ASCII form to build email addresses from.
struct DemoName: Sendable {
    let written: String
    let ascii: String

    /// `"陈|chen"`: the written form, a bar, then its ASCII form. A name written in plain ASCII
    /// (`"O'Connor"`) needs no second part: its letters are used.
    init(_ entry: Substring) {
        let parts = entry.split(separator: "|")
        written = String(parts[0])
        if parts.count > 1 {
            ascii = String(parts[1])
        } else {
            precondition(written.allSatisfy(\.isASCII), "demo name \(written) needs an ASCII form after a bar")
            ascii = written.lowercased().filter { $0.isASCII && $0.isLetter }
        }
    }

    /// Names separated by spaces, each in the form `init(_:)` reads.
    static func list(_ entries: String) -> [DemoName] {
        entries.split(separator: " ").map(DemoName.init)
    }
}
