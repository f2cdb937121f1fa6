import BlueprintDomain
import Foundation

/// What the activity feed knows of one record's last change: who made it, when, and what it did.
/// The feed is read the first time it is asked; until it has been read, nothing is known.
enum RecordHistory {
    /// The newest entry of the open wedding's activity that describes a change to record `id`.
    @MainActor
    static func lastChange(of id: UUID, host: any PlannerHost) -> (entry: ActivityEntry, change: ActivityChange)? {
        guard let activity = host.session?.activity else { return nil }
        activity.loadIfNeeded()
        for item in activity.items {
            if let change = item.entry.summary.changes.first(where: { $0.id == id }) { return (item.entry, change) }
        }
        return nil
    }

    /// Who made the last change to record `id`, when the activity says; nil when it does not.
    @MainActor
    static func lastAuthor(of id: UUID, host: any PlannerHost) -> String? {
        lastChange(of: id, host: host)?.entry.author
    }

    /// The line for the top of details whose record is gone: "Deleted by Sam · just now" when the
    /// activity has the deletion, else "This guest has been deleted".
    @MainActor
    static func deletionNotice(of id: UUID, kind: RecordKind, host: any PlannerHost) -> String {
        guard let (entry, change) = lastChange(of: id, host: host), change.write == .deleted else {
            return "This \(kind.noun) has been deleted"
        }
        return "Deleted by \(entry.author ?? "someone") · " + Formats.ago(entry.at, now: host.now, timeZone: host.timeZone)
    }
}
