import Foundation

/// Text reduced to what people mean when they type a header or a choice: case, accents, spaces
/// and punctuation are dropped, so "First Name", "first_name", "FIRST-NAME" and "Firstname" are
/// all `firstname`, and "Entrée" is `entree`.
enum LooseKey {
    static func of(_ text: String) -> String {
        var text = text
        if let key = text.withUTF8(asciiKey) { return key }
        var key = String.UnicodeScalarView()
        for scalar in text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .unicodeScalars where CharacterSet.alphanumerics.contains(scalar) {
            key.append(scalar)
        }
        return String(key)
    }

    /// The key of ASCII text, without Foundation's folding (most cells are ASCII, and this runs
    /// for every choice cell of a large file); `nil` when the text is not ASCII.
    private static func asciiKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): key.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): key.append(byte + 32)
            case 0x80...: return nil
            default: continue
            }
        }
        return String(decoding: key, as: UTF8.self)
    }
}

/// A closed set of choices and the words people use for each, matched by `LooseKey`.
struct Synonyms<Value: Hashable & Sendable>: Sendable {
    private var table: [String: Value] = [:]
    /// What the error message offers, in order: "attending, declined, maybe".
    let accepted: [String]

    /// - Parameters:
    ///   - words: each value with the words that mean it (its own spelling need not be listed
    ///     separately when it is one of them).
    ///   - accepted: the spellings an error message suggests.
    init(_ words: [(Value, [String])], accepted: [String]) {
        for (value, spellings) in words {
            for spelling in spellings { table[LooseKey.of(spelling)] = value }
        }
        self.accepted = accepted
    }

    /// The value `text` names, or `nil`.
    func value(for text: String) -> Value? { table[LooseKey.of(text)] }

    /// The value `text` names; otherwise an error naming `what` and the accepted words.
    func parse(_ text: String, as what: String) throws(CSVValueError) -> Value {
        guard let value = value(for: text) else {
            throw CSVValueError("'\(text)' is not \(what) (use one of: \(accepted.joined(separator: ", ")))")
        }
        return value
    }
}

/// Why one cell's text is not a value of its column.
struct CSVValueError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
