import BlueprintDomain
import Foundation
import Testing

@Suite("TaskStats")
struct TaskStatsTests {
    static let today = day("2026-06-10")

    static func task(_ title: String, _ status: TaskStatus, due: String?) -> WeddingTask {
        WeddingTask(title: title, status: status, dueDate: due.map(day), createdAt: createdTime)
    }

    static let tasks = [
        task("late", .notStarted, due: "2026-06-09"),
        task("late and stuck", .onHold, due: "2026-01-01"),
        task("late, in progress", .inProgress, due: "2026-05-31"),
        task("done late", .completed, due: "2026-06-01"),
        task("cancelled late", .cancelled, due: "2026-06-01"),
        task("today", .notStarted, due: "2026-06-10"),
        task("in a week", .inProgress, due: "2026-06-17"),
        task("in eight days", .notStarted, due: "2026-06-18"),
        task("done early", .completed, due: "2026-06-12"),
        task("cancelled soon", .cancelled, due: "2026-06-12"),
        task("someday", .notStarted, due: nil),
    ]

    @Test("overdue is past due and still open; completed and cancelled tasks are never overdue")
    func overdue() {
        #expect(TaskStats(tasks: Self.tasks, today: Self.today).overdue == 3)
        let overdueTitles = Self.tasks.filter { $0.isOverdue(today: Self.today) }.map(\.title)
        #expect(overdueTitles == ["late", "late and stuck", "late, in progress"])
    }

    @Test("due within 7 days counts open tasks due from today through a week ahead")
    func dueSoon() {
        #expect(TaskStats(tasks: Self.tasks, today: Self.today).dueWithin7Days == 2)
    }

    @Test("counts every task and each status")
    func byStatus() {
        let stats = TaskStats(tasks: Self.tasks, today: Self.today)
        #expect(stats.total == 11)
        #expect(stats.byStatus == [.notStarted: 4, .onHold: 1, .inProgress: 2, .completed: 2, .cancelled: 2])
    }

    @Test("the same task is overdue or not depending on the day asked")
    func dependsOnToday() {
        let tasks = [Self.task("pay", .notStarted, due: "2026-06-10")]
        #expect(TaskStats(tasks: tasks, today: day("2026-06-10")).overdue == 0)
        #expect(TaskStats(tasks: tasks, today: day("2026-06-11")).overdue == 1)
        #expect(TaskStats(tasks: tasks, today: day("2026-06-03")).dueWithin7Days == 1)
        #expect(TaskStats(tasks: tasks, today: day("2026-06-02")).dueWithin7Days == 0)
    }
}
