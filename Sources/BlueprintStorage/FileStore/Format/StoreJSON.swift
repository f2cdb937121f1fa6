import Foundation

/// The JSON dialects of the data directory.
enum StoreJSON {
    /// Snapshot, meta and index files: pretty-printed with sorted keys, so a file's text depends
    /// only on its content and diffs line by line.
    static func fileEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Journal lines: one line each (newlines inside text are escaped), keys sorted.
    static func lineEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Encodes a whole file, ending it with a newline.
    static func fileData<T: Encodable>(_ value: T, _ encoder: JSONEncoder) throws -> Data {
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// What was wrong with a file, for an error message: the field path and the decoder's reason.
    static func reason(_ error: Error) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: error) }
        let context: DecodingError.Context
        let problem: String
        switch decoding {
        case let .dataCorrupted(c): context = c; problem = c.debugDescription
        case let .keyNotFound(key, c): context = c; problem = "missing field '\(key.stringValue)'"
        case let .typeMismatch(type, c): context = c; problem = "expected \(type): \(c.debugDescription)"
        case let .valueNotFound(type, c): context = c; problem = "missing \(type): \(c.debugDescription)"
        @unknown default: return String(describing: error)
        }
        var detail = problem
        if let underlying = context.underlyingError { detail += " (\(underlying))" }
        let path = fieldPath(context.codingPath)
        return path.isEmpty ? detail : "at \(path): \(detail)"
    }

    /// `guests[3].email` style text for a coding path.
    private static func fieldPath(_ path: [CodingKey]) -> String {
        path.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
    }
}
