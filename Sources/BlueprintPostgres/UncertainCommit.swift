import BlueprintConfiguration

/// The connection was lost while a write's COMMIT was on its way: the server may have
/// committed it or not, and the answer never came. Never retried blindly (that could apply the
/// write twice); `PostgresWedding` looks for the write's `changes` row to learn which it was.
struct UncertainCommit: Error, CustomStringConvertible {
    let url: DatabaseURL
    /// What PostgresNIO threw.
    let underlying: any Error

    var description: String {
        "the connection to the \(url) was lost while a change was being saved: whether it was saved is not known yet "
            + "(the next read shows it)"
    }
}
