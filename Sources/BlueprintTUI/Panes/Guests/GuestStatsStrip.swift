import BlueprintDomain

/// The guest figures over the table: headcount with plus-ones, answers, response rate, meals.
@MainActor
enum GuestStatsStrip {
    static func render(_ stats: GuestStats, mealOptions: [String], into canvas: any Canvas, row: Int, column: Int, width: Int) {
        var line = SegmentLine()
        line.add(figure: "\(stats.attendingHeadcount)", label: "coming (with plus-ones)")
        line.add(figure: "\(stats.attending)", label: "attending", .success)
        line.add(figure: "\(stats.declined)", label: "declined")
        line.add(figure: "\(stats.pending)", label: "pending", stats.pending > 0 ? .warning : .accent)
        line.add(figure: Formats.percent(stats.responseRate), label: "responded")
        let known = mealOptions.filter { stats.mealCounts[$0] != nil }
        let others = stats.mealCounts.keys.filter { !$0.isEmpty && !mealOptions.contains($0) }.sorted()
        let meals = (known + others).map { "\($0) \(stats.mealCounts[$0]!)" }
            + (stats.mealCounts[""].map { ["not chosen \($0)"] } ?? [])
        if !meals.isEmpty {
            line.add("  ")
            line.add("Meals: ", .muted)
            line.add(meals.joined(separator: ", "))
        }
        line.render(into: canvas, row: row, column: column, width: width)
    }
}
