import BlueprintDomain

/// The demo's milestones (from the start of planning to the day itself; those already past are
/// done) and the wedding day's run sheet, its items on the booked vendors where one fits.
enum DemoSchedule {
    /// Milestones as (title, days before the wedding).
    private static let milestones: [(String, Int)] = [
        ("Save-the-dates sent", 240), ("Venue deposit paid", 200), ("Invitations sent", 90),
        ("Final headcount to the caterer", 14), ("Seating chart final", 7),
    ]

    static func milestones(timeline: DemoTimeline, random: inout SeededRandom) -> [Milestone] {
        var dated = milestones.map { ($0.0, timeline.weddingDate.adding(days: -$0.1)) }
        dated.insert(("Planning started", timeline.planningStart), at: 0)
        dated.append(("RSVP deadline", timeline.rsvpDeadline))
        dated.append(("The wedding day", timeline.weddingDate))
        return dated.sorted { $0.1 < $1.1 }.map { title, date in
            var milestone = Milestone(id: random.uuid(), title: title, date: date, isDone: date < timeline.today)
            timeline.stamp(&milestone, createdBy: timeline.planningStart.adding(days: 14), random: &random)
            return milestone
        }
    }

    /// The day's items as (start, end, title, place, people, the vendor category on it).
    private static let day: [(String, String, String, String, [String], VendorCategory?)] = [
        ("09:00", "11:30", "Hair and makeup", "Bridal suite", ["Partner 1", "bridal party"], .hairAndMakeup),
        ("11:30", "12:30", "Getting-ready photos", "Bridal suite", ["Partner 1", "Partner 2"], .photography),
        ("12:00", "13:00", "Florist sets the ceremony", "Garden", [], .florist),
        ("13:30", "14:00", "Guests arrive", "Garden", ["ushers"], nil),
        ("14:00", "14:45", "Ceremony", "Garden", ["Partner 1", "Partner 2", "officiant"], .officiant),
        ("14:45", "16:00", "Drinks reception", "Terrace", ["everyone"], .catering),
        ("15:00", "16:00", "Couple and family photos", "Orchard", ["Partner 1", "Partner 2", "families"], .photography),
        ("16:30", "18:30", "Dinner and speeches", "Main hall", ["everyone", "best man"], .catering),
        ("18:30", "19:00", "Cake cutting", "Main hall", ["Partner 1", "Partner 2"], .cake),
        ("19:00", "23:30", "Dancing", "Main hall", ["everyone"], .music),
        ("23:30", "24:00", "Send-off", "Front drive", ["everyone"], .transport),
    ]

    static func runSheet(timeline: DemoTimeline, couple: DemoCouple, vendors: [Vendor],
                         random: inout SeededRandom) -> [RunSheetItem] {
        let booked = Dictionary(vendors.filter { $0.status == .booked }.map { ($0.category, $0.id) },
                                uniquingKeysWith: { first, _ in first })
        return day.map { start, end, title, place, people, category in
            let named = people.map {
                $0.replacingOccurrences(of: "Partner 1", with: couple.partner1.givenName)
                    .replacingOccurrences(of: "Partner 2", with: couple.partner2.givenName)
            }
            var item = RunSheetItem(id: random.uuid(), day: timeline.weddingDate, start: TimeOfDay(parsing: start)!,
                                    end: TimeOfDay(parsing: end)!, title: title, place: place, people: named,
                                    vendorID: category.flatMap { booked[$0] })
            timeline.stamp(&item, random: &random)
            return item
        }
    }
}
