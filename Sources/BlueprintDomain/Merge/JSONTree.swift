import Foundation

/// A record's JSON as a tree of values, so two edits of it can be merged field by field.
///
/// Hand-written because Foundation's `JSONSerialization` gives `Any` (and on Linux cannot tell a
/// `Bool` from a number reliably); this decodes through the record's own `Codable` shape.
public indirect enum JSONTree: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The tree of `value`'s JSON.
    public init<Value: Encodable>(encoding value: Value) throws {
        self = try JSONDecoder().decode(JSONTree.self, from: try JSONEncoder().encode(value))
    }

    /// The value this tree is the JSON of.
    public func decoded<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: try JSONEncoder().encode(self))
    }

    /// The members of an object; nil for any other value.
    var members: [String: JSONTree]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

extension Optional where Wrapped == JSONTree {
    /// The value as the conflict dialog shows it: text as written, numbers and truth in words,
    /// "(none)" for no value; a list or an object as compact JSON (the dialog cuts it to fit).
    public var fieldText: String {
        switch self {
        case nil, .null?: return "(none)"
        case .bool(let value)?: return value ? "yes" : "no"
        case .integer(let value)?: return String(value)
        case .number(let value)?: return String(value)
        case .string(let value)?: return value.isEmpty ? "(none)" : value
        case .array(let elements)?: return elements.isEmpty ? "(none)" : Self.compactJSON(self)
        case .object?: return Self.compactJSON(self)
        }
    }

    private static func compactJSON(_ tree: JSONTree?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(tree)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
