/// The counters of a cgroup's `memory.events`, one `name value` pair a line:
///
///     low 0
///     high 12
///     max 3
///     oom 0
///     oom_kill 0
///
/// `high` counts the times the group went over `memory.high` and was throttled; `max` the times
/// it reached `memory.max`; `oom` and `oom_kill` the out-of-memory events and kills.
struct MemoryEventCounters: Sendable, Equatable {
    private var values: [String: UInt64] = [:]

    /// Reads the text of `memory.events`; lines that are not a name and a count are ignored.
    init(parsing text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let value = UInt64(fields[1]) else { continue }
            values[String(fields[0])] = value
        }
    }

    subscript(name: String) -> UInt64? { values[name] }

    /// These counters, with `earlier`'s value for each one this reading lacks: a reading taken
    /// while the file was being rewritten must not make the next rise go unseen.
    func filling(from earlier: MemoryEventCounters?) -> MemoryEventCounters {
        var filled = self
        filled.values.merge(earlier?.values ?? [:]) { current, _ in current }
        return filled
    }

    /// The counters among `names` that are higher here than in `earlier`, with both values:
    /// "max rose from 2 to 3". A counter missing from either is not compared.
    func rises(since earlier: MemoryEventCounters, among names: [String]) -> [String] {
        names.compactMap { name in
            guard let before = earlier[name], let now = self[name], now > before else { return nil }
            return "\(name) rose from \(before) to \(now)"
        }
    }
}
