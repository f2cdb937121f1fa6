import Foundation

/// Case- and accent-insensitive "contains" matching, shared by every search.
public struct TextQuery: Hashable, Sendable {
    public let text: String
    private let folded: String

    public init(_ text: String) {
        self.text = text
        self.folded = TextQuery.fold(text)
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
