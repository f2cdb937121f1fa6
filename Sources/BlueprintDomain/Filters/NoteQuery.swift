import Foundation

extension TextQuery {
    /// Whether the note's text contains the query (an empty query matches every note).
    public func matches(_ note: Note) -> Bool { matches(note.text) }

    /// The ids of the records of `kind` that have a note among `notes` whose text contains the
    /// query: what a filter's `notedIDs` holds. Empty for an empty query, which matches every
    /// record anyway. Found once per query, so that matching a row is a set lookup. (Inlinable,
    /// so a caller's notes are iterated specialised for their collection: iterating a
    /// `RecordTable` generically looked up its type's metadata and copied each note, most of
    /// what a keystroke in a filter cost.)
    @inlinable
    public func subjectIDs(of kind: RecordKind, in notes: some Sequence<Note>) -> Set<UUID> {
        guard !isEmpty else { return [] }
        var ids = Set<UUID>()
        for note in notes where note.subject.kind == kind {
            guard let id = note.subject.id, !ids.contains(id), matches(note) else { continue }
            ids.insert(id)
        }
        return ids
    }
}
