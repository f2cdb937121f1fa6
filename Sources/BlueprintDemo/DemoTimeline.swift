import BlueprintDomain
/// The demo's calendar: today, the wedding day, and when planning began; and the creation
/// and edit times stamped on records, all derived from `today` (never from the clock).
struct DemoTimeline {
    let today: CalendarDate
    let weddingDate: CalendarDate
    let rsvpDeadline: CalendarDate
    /// The day the couple started planning; every record was created after it, before today.
    let planningStart: CalendarDate

    /// A Saturday five to eleven months after `today`.
    init(today: CalendarDate, random: inout SeededRandom) {
        self.today = today
        var wedding = today.adding(days: random.int(in: 150...330))
        while (wedding.daysSince1970 % 7 + 7) % 7 != 2 { wedding = wedding.adding(days: 1) }  // 1970-01-01 was a Thursday
        weddingDate = wedding
        rsvpDeadline = wedding.adding(days: -42)
        planningStart = today.adding(days: -240)
    }

    /// Stamps a record as created on a day between the start of planning and `latest` (at most
    /// yesterday), in the waking hours; about a third were edited again later, up to yesterday.
    func stamp<R: Record>(_ record: inout R, createdBy latest: CalendarDate? = nil, random: inout SeededRandom) {
        let lastDay = min(latest ?? today, today.adding(days: -1))
        let span = max(0, lastDay.days(since: planningStart))
        let created = instant(on: planningStart.adding(days: random.int(in: 0...span)), random: &random)
        record.createdAt = created
        record.updatedAt = created
        record.version = 1
        if random.chance(30) {
            let endOfYesterday = Timestamp(millisecondsSince1970: Int64(today.daysSince1970) * Self.millisecondsPerDay - 1)
            let room = endOfYesterday.millisecondsSince1970 - created.millisecondsSince1970
            if room > 0 {
                record.updatedAt = Timestamp(millisecondsSince1970: created.millisecondsSince1970
                                             + Int64(random.int(in: 1...Int(room))))
                record.version = random.int(in: 2...4)
            }
        }
    }

    private static let millisecondsPerDay: Int64 = 86_400_000

    /// A time between 08:00 and 22:00 UTC on `date`.
    private func instant(on date: CalendarDate, random: inout SeededRandom) -> Timestamp {
        let millisecondOfDay = random.int(in: 8 * 3_600_000...22 * 3_600_000)
        return Timestamp(millisecondsSince1970: Int64(date.daysSince1970) * Self.millisecondsPerDay
                         + Int64(millisecondOfDay))
    }
}

/// A day in a plan, placed the way couples think of it: so many days from today, or before
/// (negative: after) the wedding.
enum DemoDay {
    case fromToday(Int)
    case beforeWedding(Int)

    func date(in timeline: DemoTimeline) -> CalendarDate {
        switch self {
        case .fromToday(let days): return timeline.today.adding(days: days)
        case .beforeWedding(let days): return timeline.weddingDate.adding(days: -days)
        }
    }
}
