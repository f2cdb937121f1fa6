import BlueprintDomain
import Foundation
import Testing

@Suite("Timeline stats")
struct TimelineStatsTests {
    static let today = day("2027-03-10")

    static func milestone(_ title: String, _ date: String, done: Bool = false) -> Milestone {
        Milestone(title: title, date: day(date), isDone: done, createdAt: createdTime)
    }

    static func item(_ start: String, _ end: String, place: String) -> RunSheetItem {
        RunSheetItem(day: day("2027-06-12"), start: TimeOfDay(parsing: start)!, end: TimeOfDay(parsing: end)!,
                     title: "Item \(start)", place: place, createdAt: createdTime)
    }

    @Test("milestones are counted: done, and overdue only when past and not done")
    func milestoneCounts() {
        let stats = TimelineStats(milestones: [
            Self.milestone("Venue booked", "2027-01-05", done: true),
            Self.milestone("Invitations sent", "2027-03-09"),
            Self.milestone("Cake tasting", "2027-03-10"),
            Self.milestone("Dress fitting", "2027-02-01", done: true),
            Self.milestone("RSVP deadline", "2027-05-01"),
        ], runSheet: [], today: Self.today)
        #expect(stats.milestones == 5)
        #expect(stats.milestonesDone == 2)
        #expect(stats.milestonesOverdue == 1, "only 'Invitations sent': yesterday, open; today's is not overdue")
    }

    @Test("the next milestone is the earliest open one today or later, ties by title; an overdue or done one is never next")
    func nextMilestone() {
        let stats = TimelineStats(milestones: [
            Self.milestone("Overdue", "2027-03-01"),
            Self.milestone("Done ahead", "2027-03-11", done: true),
            Self.milestone("Menu", "2027-03-20"),
            Self.milestone("Flowers", "2027-03-20"),
            Self.milestone("Later", "2027-04-01"),
        ], runSheet: [], today: Self.today)
        #expect(stats.nextMilestone == TimelineStats.NextMilestone(title: "Flowers", date: day("2027-03-20"), daysUntil: 10))

        let dueToday = TimelineStats(milestones: [Self.milestone("Tasting", "2027-03-10")], runSheet: [], today: Self.today)
        #expect(dueToday.nextMilestone?.daysUntil == 0)
    }

    @Test("with nothing ahead there is no next milestone")
    func noNextMilestone() {
        let stats = TimelineStats(milestones: [Self.milestone("Past", "2027-01-01"),
                                               Self.milestone("Ahead but done", "2027-05-01", done: true)],
                                  runSheet: [], today: Self.today)
        #expect(stats.nextMilestone == nil)
        #expect(TimelineStats(milestones: [], runSheet: [], today: Self.today).nextMilestone == nil)
    }

    @Test("run-sheet items and their clashes are counted")
    func runSheet() {
        let stats = TimelineStats(milestones: [], runSheet: [
            Self.item("14:00", "15:00", place: "Garden"),
            Self.item("14:30", "15:30", place: "garden "),
            Self.item("14:45", "16:00", place: "Terrace"),
            Self.item("15:00", "16:00", place: "Garden"),
        ], today: Self.today)
        #expect(stats.runSheetItems == 4)
        #expect(stats.runSheetClashes == 2, "14:00 with 14:30, and 14:30 with 15:00, all in the garden")
    }
}
