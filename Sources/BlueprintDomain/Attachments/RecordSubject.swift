import Foundation

/// What a note or a document is about: the wedding itself, or one record of it.
///
/// Stored as `{"id": "…", "kind": "guest"}`, or `{"kind": "wedding"}` for the wedding the note
/// or document belongs to (which needs no id: a wedding's records live in it).
public struct RecordSubject: Hashable, Sendable, Codable {
    public let kind: RecordKind
    /// The record's id; `nil` for the wedding.
    public let id: UUID?

    private init(kind: RecordKind, id: UUID?) {
        self.kind = kind
        self.id = id
    }

    /// The wedding the note or document belongs to.
    public static let wedding = RecordSubject(kind: .wedding, id: nil)

    /// The record `record` itself.
    public static func record<R: TableRecord>(_ record: R) -> RecordSubject { RecordSubject(kind: R.kind, id: record.id) }

    /// The record of `kind` with `id`; the wedding when `kind` is the wedding.
    public static func record(_ kind: RecordKind, _ id: UUID) -> RecordSubject {
        RecordSubject(kind: kind, id: kind == .wedding ? nil : id)
    }

    public var isWedding: Bool { kind == .wedding }

    /// Whether the subject is in `dataset`: the wedding always is, a record when the dataset holds it.
    public func exists(in dataset: WeddingDataset) -> Bool {
        guard let id else { return kind == .wedding }
        return kind != .wedding && dataset.version(of: kind, id: id) != nil
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(RecordKind.self, forKey: .kind)
        id = kind == .wedding ? nil : try container.decode(UUID.self, forKey: .id)
    }
}
