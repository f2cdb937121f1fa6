import Foundation

/// A free-text note on a record or on the wedding, with who wrote it and when (`createdAt`).
public struct Note: Record {
    public static let kind = RecordKind.note

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    /// What the note is about; deleting that record deletes its notes with it (undone together).
    public var subject: RecordSubject
    /// The note itself, as typed (several lines allowed).
    public var text: String
    /// Who wrote it: the configuration's `name`, else the login name.
    public var author: String

    public init(id: UUID = UUID(), subject: RecordSubject, text: String, author: String,
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.subject = subject
        self.text = text
        self.author = author
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// The note's first line that has text, for lists.
    public var firstLine: String {
        text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty } ?? ""
    }
}
