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
        // U+0000 is left out of the query, as a field cannot usefully be searched for it.
        var folded = TextFolding.fold(text.filter { $0 != "\u{0}" })
        while folded.last.map(TextFolding.isSpace) == true { folded.removeLast() }
        let leading = folded.prefix(while: TextFolding.isSpace).count
        folded.removeFirst(leading)
        self.folded = folded
        asciiBytes = folded.allSatisfy(\.isASCII) ? folded.map { UInt8($0.value) } : nil
    }

    public var isEmpty: Bool { folded.isEmpty }

    /// True when `field` contains the query (an empty query matches everything).
    public func matches(_ field: String) -> Bool {
        isEmpty || contains(field)
    }

    /// True when any of `fields` contains the query (an empty query matches everything).
    public func matches(_ fields: String...) -> Bool {
        isEmpty || fields.contains(where: contains)
    }

    private func contains(_ field: String) -> Bool {
        var ascii = field
        let result: Bool? = ascii.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Folded ASCII stays ASCII, so a query that folds to anything else cannot match.
            guard let query = asciiBytes else { return false }
            return TextFolding.containsIgnoringASCIICase(bytes, query)
        }
        return result ?? TextFolding.contains(TextFolding.fold(field), folded)
    }
}

/// Folding text for `TextQuery`: a scalar at a time where no combining mark is involved, else a
/// character at a time (a mark folds away with its letter, but not on its own).
enum TextFolding {
    private static let scalarFolds = Mutex<[UInt32: [Unicode.Scalar]]>([:])
    private static let characterFolds = Mutex<[Character: [Unicode.Scalar]]>([:])

    /// `text` folded case- and accent-insensitively.
    static func fold(_ text: String) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(text.utf8.count)
        guard text.unicodeScalars.contains(where: isMark) else {
            for scalar in text.unicodeScalars { append(scalar, to: &output) }
            return output
        }
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count == 1 {
                append(scalars.first!, to: &output)
                continue
            }
            output += characterFolds.withLock { table in
                if let known = table[character] { return known }
                let folded = foundationFold(String(character))
                table[character] = folded
                return folded
            }
        }
        return output
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout [Unicode.Scalar]) {
        guard !scalar.isASCII else {
            output.append(Unicode.Scalar(lowercased(UInt8(scalar.value))))
            return
        }
        output += scalarFolds.withLock { table in
            if let known = table[scalar.value] { return known }
            let folded = foundationFold(String(scalar))
            table[scalar.value] = folded
            return folded
        }
    }

    private static func foundationFold(_ text: String) -> [Unicode.Scalar] {
        Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).unicodeScalars)
    }

    /// A scalar that combines with the one before it. Looked up in a table for the Basic
    /// Multilingual Plane, built once, since the property lookups dominate otherwise.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x300 else { return false }
        guard value < 0x10000 else { return combines(scalar) }
        return markBits[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
    }

    private static let markBits: [UInt64] = (0..<1024).map { word in
        (0..<64).reduce(UInt64(0)) { bits, bit in
            guard let scalar = Unicode.Scalar(UInt32(word * 64 + bit)), combines(scalar) else { return bits }
            return bits | 1 << UInt64(bit)
        }
    }

    private static func combines(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.properties.canonicalCombiningClass != .notReordered || scalar.properties.isGraphemeExtend
        }
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
