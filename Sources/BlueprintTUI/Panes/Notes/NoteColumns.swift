import BlueprintDomain
import BlueprintTerminal
import Foundation

/// The notes table's columns (when, who, what it is about, the note's first line) and each
/// row's cells.
@MainActor
enum NoteColumns {
    static let columns = [
        TableColumn("When", minWidth: 10, maxWidth: 12, priority: 8),
        TableColumn("Author", minWidth: 8, maxWidth: 16, flex: 1, priority: 7),
        TableColumn("About", minWidth: 14, maxWidth: 30, flex: 2, priority: 9),
        TableColumn("Note", minWidth: 16, flex: 4, priority: 10),
    ]

    static func cell(_ note: Note, column: Int, about: (RecordSubject) -> String, now: Timestamp, timeZone: TimeZone) -> TableCell {
        switch column {
        case 0: TableCell(DisplayText(Formats.ago(note.createdAt, now: now, timeZone: timeZone)), style: .muted)
        case 1: TableCell(DisplayText(note.author))
        case 2: TableCell(DisplayText(about(note.subject)), style: .muted)
        default: TableCell(DisplayText(note.firstLine))
        }
    }
}
