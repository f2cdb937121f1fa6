import BlueprintDomain

/// The "Updated" line that ends a record's details: when, in local time and words, and by whom
/// when the activity feed has the change ("today 14:09 by Sam"). The version and ISO 8601 time
/// are for `--json` and files, not for people.
enum UpdatedLine {
    @MainActor
    static func line(for record: any Record, host: any PlannerHost) -> DetailOverlay.Line {
        let when = Formats.moment(record.updatedAt, now: host.now, timeZone: host.timeZone)
        let author = RecordHistory.lastChange(of: record.id, host: host).flatMap { $0.entry.at >= record.updatedAt ? $0.entry.author : nil }
        return DetailOverlay.Line(label: "Updated", value: when + (author.map { " by " + $0 } ?? ""), style: .muted)
    }
}
