import BlueprintDomain

/// One entry of a calendar file: an event (`VEVENT`) or a to-do (`VTODO`).
///
/// Everything that ends up in the file is supplied by the caller, the `DTSTAMP` included, so
/// the same components always give the same bytes.
public struct CalendarComponent: Hashable, Sendable {
    /// What the component is, with what only that kind carries.
    public enum Kind: Hashable, Sendable {
        /// A `VEVENT` at `EventTime`, with `STATUS:CONFIRMED`.
        case event(EventTime)
        /// A `VTODO`, due on a date (`DUE;VALUE=DATE`) or undated.
        case toDo(due: CalendarDate?, status: ToDoStatus)
    }

    public var kind: Kind
    /// `UID`: the caller's stable identifier, so a calendar that imports the file again updates
    /// this entry instead of adding another.
    public var uid: String
    /// `DTSTAMP`, written in UTC to the whole second.
    public var stamp: Timestamp
    /// `SUMMARY`, the title.
    public var summary: String
    /// `DESCRIPTION`; left out when `nil` or empty.
    public var details: String?
    /// `LOCATION`; left out when `nil` or empty.
    public var location: String?
    /// `CATEGORIES`, in order; empty names are left out, and so is the property when none remain.
    public var categories: [String]
    /// `SEQUENCE`, the revision (such as a record's version); left out when `nil`.
    public var sequence: Int?
    /// `TRANSP:TRANSPARENT` on an event: a deadline, not a time the couple is busy.
    public var showsAsFree: Bool

    public init(kind: Kind, uid: String, stamp: Timestamp, summary: String, details: String? = nil,
                location: String? = nil, categories: [String] = [], sequence: Int? = nil, showsAsFree: Bool = false) {
        self.kind = kind
        self.uid = uid
        self.stamp = stamp
        self.summary = summary
        self.details = details
        self.location = location
        self.categories = categories
        self.sequence = sequence
        self.showsAsFree = showsAsFree
    }

    /// The component's content lines, `BEGIN` to `END`.
    var contentLines: [ContentLine] {
        let name = switch kind {
        case .event: "VEVENT"
        case .toDo: "VTODO"
        }
        var lines = [ContentLine(name: "BEGIN", value: name),
                     .text("UID", uid),
                     ContentLine(name: "DTSTAMP", value: CalendarValue.utc(stamp))]
        switch kind {
        case .event(.allDay(let day)):
            lines.append(.date("DTSTART", day))
            lines.append(.date("DTEND", day.adding(days: 1)))
        case .event(.timed(let span)):
            lines.append(ContentLine(name: "DTSTART", value: CalendarValue.local(span.start)))
            lines.append(ContentLine(name: "DTEND", value: CalendarValue.local(span.end)))
        case .toDo(let due?, _):
            lines.append(.date("DUE", due))
        case .toDo(nil, _):
            break
        }
        if let sequence { lines.append(ContentLine(name: "SEQUENCE", value: String(sequence))) }
        lines.append(.text("SUMMARY", summary))
        if let details, !details.isEmpty { lines.append(.text("DESCRIPTION", details)) }
        if let location, !location.isEmpty { lines.append(.text("LOCATION", location)) }
        let namedCategories = categories.filter { !$0.isEmpty }
        if !namedCategories.isEmpty {
            lines.append(ContentLine(name: "CATEGORIES", value: namedCategories.map(CalendarText.escaped).joined(separator: ",")))
        }
        switch kind {
        case .event:
            lines.append(ContentLine(name: "STATUS", value: "CONFIRMED"))
            if showsAsFree { lines.append(ContentLine(name: "TRANSP", value: "TRANSPARENT")) }
        case .toDo(_, .needsAction):
            lines.append(ContentLine(name: "STATUS", value: "NEEDS-ACTION"))
        case .toDo(_, .completed(let doneAt)):
            lines.append(ContentLine(name: "STATUS", value: "COMPLETED"))
            if let doneAt { lines.append(ContentLine(name: "COMPLETED", value: CalendarValue.utc(doneAt))) }
        }
        lines.append(ContentLine(name: "END", value: name))
        return lines
    }
}
