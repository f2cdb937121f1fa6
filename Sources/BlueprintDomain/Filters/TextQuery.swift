import Foundation

/// Case- and accent-insensitive "contains" matching, shared by every search.
public struct TextQuery: Hashable, Sendable {
    public let text: String
    private let folded: String

    public init(_ text: String) {
        self.text = text
        // U+0000 is left out of the query: Foundation's `contains` on Linux crashes when the
        // searched-for text holds one and the field is not ASCII ("北京zoe" and "zoe\0").
        self.folded = TextQuery.fold(text.filter { $0 != "\u{0}" })
    }

    public var isEmpty: Bool { folded.isEmpty }

    /// True when any of `fields` contains the query (an empty query matches everything).
    public func matches(_ fields: String...) -> Bool {
        isEmpty || fields.contains { TextQuery.fold($0).contains(folded) }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}
