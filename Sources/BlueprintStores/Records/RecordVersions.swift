import BlueprintDomain
import Foundation

/// Versions of records that a store showed before they changed, so that an edit begun on one of
/// them can still be merged, field by field, with what changed since: the version it started
/// from is its merge base. Only the newest few versions of the most recently changed records
/// are kept; an edit older than that merges without a base (every difference is asked about).
struct RecordVersions<R: Record> {
    /// Versions kept per record, and records kept.
    static var versionsPerRecord: Int { 4 }
    static var recordLimit: Int { 256 }

    private var versions: [UUID: [R]] = [:]
    /// Records in the order they were last remembered, oldest first, to forget the oldest.
    private var recency: [UUID] = []

    /// Keeps `record`, a version about to be replaced.
    mutating func remember(_ record: R) {
        var kept = versions[record.id] ?? []
        guard !kept.contains(where: { $0.version == record.version }) else { return }
        kept.append(record)
        if kept.count > Self.versionsPerRecord { kept.removeFirst() }
        if versions.updateValue(kept, forKey: record.id) != nil { recency.removeAll { $0 == record.id } }
        recency.append(record.id)
        if recency.count > Self.recordLimit { versions[recency.removeFirst()] = nil }
    }

    /// Record `id` as it was at `version`, if kept.
    func record(_ id: UUID, version: Int) -> R? {
        versions[id]?.last { $0.version == version }
    }
}
