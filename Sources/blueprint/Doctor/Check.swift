/// One line of `blueprint doctor`'s report: how a check came out, what was found, and for
/// anything not ok, what to do about it.
struct Check: Equatable {
    enum Status: String, CaseIterable {
        /// Fine.
        case ok
        /// Works, but something deserves a look.
        case warning
        /// Something that stops blueprint working, or puts data at risk.
        case problem
    }

    let status: Status
    /// What was checked and found, in one line.
    let summary: String
    /// What to do (every problem has one).
    let fix: String?

    static func ok(_ summary: String) -> Check { Check(status: .ok, summary: summary, fix: nil) }

    static func warning(_ summary: String, fix: String? = nil) -> Check {
        Check(status: .warning, summary: summary, fix: fix)
    }

    static func problem(_ summary: String, fix: String) -> Check { Check(status: .problem, summary: summary, fix: fix) }
}

/// A titled group of checks: the terminal, the data directory, one wedding.
struct CheckSection: Equatable {
    let title: String
    let checks: [Check]
}
