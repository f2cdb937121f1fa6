/// Shift, Alt and Ctrl held with a named key (Ctrl-Home, Shift-F5, Alt-↑), as terminals report
/// them in an escape sequence's modifier parameter (`ESC [1;5H` is Ctrl-Home).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)

    /// The modifiers of an xterm modifier parameter, which is one more than their bits: 2 Shift,
    /// 3 Alt, 5 Ctrl, up to 8 for all three. Nil outside 1...8 (1 is no modifier at all).
    public init?(parameter: Int) {
        guard (1...8).contains(parameter) else { return nil }
        self.init(rawValue: UInt8(parameter - 1))
    }

    /// The modifiers in the order names write them, each with its name in help (`Ctrl`) and in
    /// the configuration file (`ctrl`).
    static let named: [(modifier: KeyModifiers, displayName: String, name: String)] = [
        (.control, "Ctrl", "ctrl"), (.alt, "Alt", "alt"), (.shift, "Shift", "shift"),
    ]

    /// `Ctrl-Shift-` for help, or `ctrl-shift-` for the configuration file.
    func prefix(forConfiguration: Bool) -> String {
        Self.named.filter { contains($0.modifier) }.map { (forConfiguration ? $0.name : $0.displayName) + "-" }.joined()
    }
}
