import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// How documents read on screen: what one is attached to, its one-line summary, the
/// "Documents" section of a vendor's or expense's details, and a document's own details.
@MainActor
enum DocumentText {
    /// The name of what `subject` is: the vendor's or expense's name, or "the wedding".
    static func name(of subject: RecordSubject, in session: WeddingSession?) -> String {
        guard let id = subject.id else { return "the wedding" }
        let name: String? = switch subject.kind {
        case .vendor: session?.vendors.vendor(id)?.name
        case .expense: session?.budget.expense(id)?.name
        default: nil
        }
        return name ?? "(gone)"
    }

    /// "Mei, 5 min ago".
    static func added(_ document: Document, now: Timestamp, timeZone: TimeZone) -> String {
        document.addedBy + ", " + Formats.ago(document.createdAt, now: now, timeZone: timeZone)
    }

    /// "Venue contract · application/pdf · 1.2 MB · Mei, 5 min ago".
    static func summary(_ document: Document, now: Timestamp, timeZone: TimeZone) -> String {
        [document.title, document.contentType, Formats.byteCount(document.byteCount),
         added(document, now: now, timeZone: timeZone)].joined(separator: " · ")
    }

    /// The "Documents" section of a record's details: a heading with the count and the key that
    /// lists them (of `keymap`, in the details), then each document in use, newest first, on a line.
    static func section(_ documents: [Document], keymap: Keymap, now: Timestamp, timeZone: TimeZone) -> [DetailOverlay.Line] {
        let heading = "Documents (\(documents.count))" + (keymap.hint(.showDocuments, in: .detail, "lists them").map { " · " + $0 } ?? "")
        var lines: [DetailOverlay.Line] = [.init(label: "", value: ""), .init(label: "", value: heading, style: .accent)]
        if documents.isEmpty { lines.append(.init(label: "", value: "none yet", style: .muted)) }
        lines += documents.map { .init(label: "", value: summary($0, now: now, timeZone: timeZone)) }
        return lines
    }

    /// A document's details: everything about it, and the full path of its stored file (over
    /// ssh, to copy it with `scp`).
    static func details(_ document: Document, storedAt path: String, session: WeddingSession?, now: Timestamp,
                        timeZone: TimeZone) -> [DetailOverlay.Line] {
        [
            .init(label: "Title", value: document.title),
            .init(label: "File", value: document.fileName),
            .init(label: "Type", value: document.contentType),
            .init(label: "Size", value: Formats.byteCount(document.byteCount) + " (\(document.byteCount) bytes)"),
            .init(label: "SHA-256", value: document.sha256, wraps: true),
            .init(label: "Attached to", value: NoteText.about(document.subject, in: session)),
            .init(label: "Added", value: added(document, now: now, timeZone: timeZone)),
            .init(label: "In the trash", value: document.trashedAt.map { Formats.ago($0, now: now, timeZone: timeZone) } ?? "no"),
            .init(label: "Stored at", value: path, wraps: true),
        ]
    }
}
