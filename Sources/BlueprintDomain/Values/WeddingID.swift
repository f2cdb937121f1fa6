import Foundation

/// Identifies one wedding (the tenant). Every repository call and every cache key carries one.
public struct WeddingID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UUID

    public init(_ rawValue: UUID = UUID()) { self.rawValue = rawValue }

    /// Parses the canonical UUID text form; `nil` for anything else.
    public init?(string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        self.rawValue = uuid
    }

    /// Lower-case UUID text: the folder name on disk and the tenant part of cache keys.
    public var description: String { rawValue.uuidString.lowercased() }

    public static func < (lhs: WeddingID, rhs: WeddingID) -> Bool { lhs.description < rhs.description }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let uuid = UUID(uuidString: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a wedding id: \(text)"))
        }
        rawValue = uuid
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
