import BlueprintDomain
import BlueprintTerminal

/// The guest figures over the table: headcount with plus-ones, answers, response rate, meals.
/// When they do not all fit on one line, the meals go on a line of their own, and any line
/// still too long breaks between figures, so none is cut.
@MainActor
enum GuestStatsStrip {
    /// Lines used at most, so a wedding with many meal options keeps room for its guests.
    static let maximumRows = 3

    /// Draws the figures from `row`; returns the number of rows they took.
    static func render(_ stats: GuestStats, mealOptions: [String], into canvas: any Canvas, row: Int, column: Int, width: Int) -> Int {
        lines(stats, mealOptions: mealOptions, width: width)
            .render(into: canvas, row: row, column: column, width: width, maxRows: maximumRows)
    }

    static func lines(_ stats: GuestStats, mealOptions: [String], width: Int) -> [SegmentLine] {
        var answers = SegmentLine()
        answers.add(figure: "\(stats.attendingHeadcount)", label: "coming (with plus-ones)")
        answers.add(figure: "\(stats.attending)", label: "attending", .success)
        answers.add(figure: "\(stats.declined)", label: "declined")
        answers.add(figure: "\(stats.pending)", label: "pending", stats.pending > 0 ? .warning : .accent)
        answers.add(figure: Formats.percent(stats.responseRate), label: "responded")
        let meals = self.meals(stats, mealOptions: mealOptions)
        if meals.isEmpty || (answers + meals).width <= width { return (answers + meals).flowed(toWidth: width) }
        return answers.flowed(toWidth: width) + meals.flowed(toWidth: width)
    }

    /// `Meals: Fish 12, Beef 9, not chosen 3`: the wedding's options in its order, then any
    /// other a guest holds, then the guests who have not chosen.
    private static func meals(_ stats: GuestStats, mealOptions: [String]) -> SegmentLine {
        let known = mealOptions.filter { stats.mealCounts[$0] != nil }
        let others = stats.mealCounts.keys.filter { !$0.isEmpty && !mealOptions.contains($0) }.sorted()
        let counts = (known + others).map { "\($0) \(stats.mealCounts[$0]!)" }
            + (stats.mealCounts[""].map { ["not chosen \($0)"] } ?? [])
        var line = SegmentLine()
        for (index, count) in counts.enumerated() {
            line.startGroup(separator: index == 0 ? "  " : ", ")
            if index == 0 { line.add("Meals: ", .muted) }
            line.add(count)
        }
        return line
    }
}
