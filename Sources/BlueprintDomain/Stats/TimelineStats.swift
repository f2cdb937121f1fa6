/// The timeline in numbers: milestones and the run sheet.
public struct TimelineStats: Hashable, Sendable {
    /// The first open milestone still ahead, and how far ahead it is.
    public struct NextMilestone: Hashable, Sendable {
        public var title: String
        public var date: CalendarDate
        /// Days from today to `date` (0 when it is today).
        public var daysUntil: Int

        public init(title: String, date: CalendarDate, daysUntil: Int) {
            self.title = title
            self.date = date
            self.daysUntil = daysUntil
        }
    }

    public var milestones: Int
    public var milestonesDone: Int
    /// Past their date and not done.
    public var milestonesOverdue: Int
    /// The earliest milestone that is not done and falls today or later (ties by title); `nil`
    /// when none does. An overdue milestone is never next: it is counted as overdue.
    public var nextMilestone: NextMilestone?
    public var runSheetItems: Int
    /// Pairs of run-sheet items that clash (`RunSheetClash`).
    public var runSheetClashes: Int

    public init(milestones: some Collection<Milestone>, runSheet: some Collection<RunSheetItem>, today: CalendarDate) {
        self.milestones = milestones.count
        milestonesDone = milestones.count(where: \.isDone)
        milestonesOverdue = milestones.count { $0.isOverdue(today: today) }
        nextMilestone = milestones.filter { !$0.isDone && $0.date >= today }
            .min { ($0.date, $0.title) < ($1.date, $1.title) }
            .map { NextMilestone(title: $0.title, date: $0.date, daysUntil: $0.date.days(since: today)) }
        runSheetItems = runSheet.count
        runSheetClashes = RunSheetClash.find(in: runSheet).count
    }
}
