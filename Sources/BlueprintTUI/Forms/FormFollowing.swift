import BlueprintDomain

/// How a form on a record follows that record while it is open: `latest` fills a form from the
/// record as its store has it now (nil once it is gone), `author` names who changed it last when
/// the activity says, and `deletion` says who deleted it and when.
@MainActor
struct FormFollowing {
    let latest: @MainActor () -> Form?
    let author: @MainActor () -> String?
    let deletion: @MainActor () -> String

    /// Follows `record`: `current` looks it up again in its store, `form` fills a form from it.
    static func record<R: Record>(_ record: R, host: any PlannerHost, current: @escaping @MainActor () -> R?,
                                  form: @escaping @MainActor (R) -> Form) -> FormFollowing {
        let id = record.id
        // Read the activity now, so it names who changed a field by the time one changes.
        host.session?.activity.loadIfNeeded()
        return FormFollowing(
            latest: { current().map(form) },
            author: { [weak host] in host.flatMap { RecordHistory.lastAuthor(of: id, host: $0) } },
            deletion: { [weak host] in
                host.map { RecordHistory.deletionNotice(of: id, kind: R.kind, host: $0) } ?? "This \(R.kind.noun) has been deleted"
            })
    }
}
