import BlueprintDomain
import BlueprintStores
import Foundation

/// How notes read on screen: what one is about ("Guest: Ana Ruiz", "Wedding") and the "Notes"
/// section of a record's details (when each was written is `Formats.ago`).
@MainActor
enum NoteText {
    /// What `subject` is: "Wedding", or the record's kind and name ("Guest: Ana Ruiz"); a record
    /// no longer there is "(gone)".
    static func about(_ subject: RecordSubject, in session: WeddingSession?) -> String {
        guard let id = subject.id else { return "Wedding" }
        let name: String? = switch subject.kind {
        case .guest: session?.guests.guest(id)?.fullName
        case .vendor: session?.vendors.vendor(id)?.name
        case .expense: session?.budget.expense(id)?.name
        case .category: session?.budget.category(id)?.name
        case .scenario: session?.budget.scenario(id)?.name
        case .task: session?.tasks.task(id)?.title
        case .milestone: session?.timeline.milestone(id)?.title
        case .runSheetItem: session?.timeline.item(id)?.title
        case .gift: session?.gifts.gift(id).map(GiftForms.name)
        case .moneyOwed: session?.gifts.owed(id)?.person
        case .seatingTable: session?.seating.table(id)?.title
        default: nil
        }
        let noun = subject.kind.noun
        return noun.prefix(1).uppercased() + noun.dropFirst() + ": " + (name ?? "(gone)")
    }

    /// "Mei · 5 min ago".
    static func byline(_ note: Note, now: Timestamp, timeZone: TimeZone) -> String {
        note.author + " · " + Formats.ago(note.createdAt, now: now, timeZone: timeZone)
    }

    /// The "Notes" section of a record's details: a heading, then each note newest first, its
    /// author and time, then its text a line at a time, wrapped to the box.
    static func section(_ notes: some Collection<Note>, now: Timestamp, timeZone: TimeZone) -> [DetailOverlay.Line] {
        var lines: [DetailOverlay.Line] = [.init(label: "", value: ""),
                                           .init(label: "", value: "Notes (\(notes.count))", style: .accent)]
        if notes.isEmpty { lines.append(.init(label: "", value: "none yet", style: .muted)) }
        for note in notes {
            lines.append(.init(label: "", value: byline(note, now: now, timeZone: timeZone), style: .muted))
            lines += paragraphs(of: note).map { .init(label: "", value: "  " + $0, wraps: true) }
        }
        return lines
    }

    /// The note's lines that have text (a blank line between paragraphs is dropped).
    static func paragraphs(of note: Note) -> [String] {
        note.text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}
