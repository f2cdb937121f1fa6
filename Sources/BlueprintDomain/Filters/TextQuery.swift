import Foundation
import Synchronization

/// Case- and accent-insensitive "contains" matching, shared by every search.
///
/// Matching runs over every record on each key typed into a filter, so it must not fold whole
/// strings through Foundation each time (that cost about 170 ms for 10,000 guests): ASCII text,
/// most of what is searched, is compared byte by byte ignoring case, and other text is folded
/// one character (grapheme cluster) at a time through a table that asks Foundation once per
/// distinct character. The result is what folding each whole string with `.caseInsensitive` and
/// `.diacriticInsensitive` gives, since that folding maps each character on its own (an accent
/// written as a combining mark belongs to its letter's character).
public struct TextQuery: Hashable, Sendable {
    public let text: String
    /// The query folded, without surrounding spaces.
    private let folded: [Unicode.Scalar]
    /// `folded` as bytes, when it is ASCII.
    private let asciiBytes: [UInt8]?

    public init(_ text: String) {
        self.text = text
        var folded = TextFolding.fold(text)
        while folded.last.map(TextFolding.isSpace) == true { folded.removeLast() }
        let leading = folded.prefix(while: TextFolding.isSpace).count
        folded.removeFirst(leading)
        self.folded = folded
        asciiBytes = folded.allSatisfy(\.isASCII) ? folded.map { UInt8($0.value) } : nil
    }

    public var isEmpty: Bool { folded.isEmpty }

    /// True when any of `fields` contains the query (an empty query matches everything).
    public func matches(_ fields: String...) -> Bool {
        isEmpty || fields.contains(where: contains)
    }

    private func contains(_ field: String) -> Bool {
        var field = field
        return field.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else {
                return TextFolding.contains(TextFolding.fold(String(decoding: bytes, as: UTF8.self)), folded)
            }
            // Folded ASCII stays ASCII, so a query that folds to anything else cannot match.
            guard let query = asciiBytes else { return false }
            return TextFolding.containsIgnoringASCIICase(bytes, query)
        }
    }
}

/// Folding text for `TextQuery`, one character at a time.
enum TextFolding {
    private static let folds = Mutex<[Character: [Unicode.Scalar]]>([:])

    /// `text` folded case- and accent-insensitively.
    static func fold(_ text: String) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(text.utf8.count)
        for character in text {
            if character.unicodeScalars.count == 1, let ascii = character.asciiValue {
                output.append(Unicode.Scalar(lowercased(ascii)))
            } else {
                output += folds.withLock { table in
                    if let known = table[character] { return known }
                    let folded = Array(String(character).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                        .unicodeScalars)
                    table[character] = folded
                    return folded
                }
            }
        }
        return output
    }

    /// What `CharacterSet.whitespaces` holds: a tab or a space separator.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }

    static func contains(_ text: [Unicode.Scalar], _ query: [Unicode.Scalar]) -> Bool {
        guard query.count <= text.count else { return false }
        for start in 0...(text.count - query.count) where text[start] == query[0] {
            if text[start..<start + query.count].elementsEqual(query) { return true }
        }
        return false
    }

    static func containsIgnoringASCIICase(_ text: UnsafeBufferPointer<UInt8>, _ query: [UInt8]) -> Bool {
        guard query.count <= text.count else { return false }
        let first = query[0]
        outer: for start in 0...(text.count - query.count) where lowercased(text[start]) == first {
            for offset in 1..<query.count where lowercased(text[start + offset]) != query[offset] { continue outer }
            return true
        }
        return false
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}
