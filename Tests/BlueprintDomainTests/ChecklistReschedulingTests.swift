import BlueprintDomain
import Foundation
import Testing

@Suite("Checklist tasks follow the wedding date")
struct ChecklistReschedulingTests {
    let checklist = sampleChecklist()
    let oldWedding = day("2027-06-19")
    let newWedding = day("2027-09-18")

    /// The checklist's tasks for `oldWedding`, made on 2026-01-10, keyed by checklist key.
    func tasks() -> [String: WeddingTask] {
        let made = checklist.tasks(forWeddingOn: oldWedding, today: day("2026-01-10"), createdAt: createdTime)
        return Dictionary(uniqueKeysWithValues: made.map { ($0.checklistKey!, $0) })
    }

    @Test("open tasks on their dates move with the wedding; only the moved ones come back, changed in the due date only")
    func openTasksMove() throws {
        var tasks = tasks()
        tasks["rings"]!.status = .inProgress
        tasks["seating"]!.status = .onHold
        let moved = checklist.rescheduled(Array(tasks.values), weddingMovedFrom: oldWedding, to: newWedding,
                                          today: day("2026-02-01"))
        #expect(moved.count == tasks.count)
        for task in moved {
            let item = try #require(checklist.item(forKey: task.checklistKey!))
            #expect(task.dueDate == item.dueDate(forWeddingOn: newWedding), "\(item.key)")
            var unmoved = task
            unmoved.dueDate = tasks[item.key]!.dueDate
            #expect(unmoved == tasks[item.key], "\(item.key)")
        }
        #expect(moved.first { $0.checklistKey == "venue" }?.dueDate == day("2026-09-18"))
        #expect(moved.first { $0.checklistKey == "day-of" }?.dueDate == newWedding)
    }

    @Test("completed, cancelled, hand-moved, hand-added and unknown tasks keep their dates")
    func othersStay() {
        var tasks = tasks()
        tasks["venue"]!.status = .completed
        tasks["photographer"]!.status = .cancelled
        tasks["invitations"]!.dueDate = day("2027-01-15")  // moved later by hand
        tasks["rings"]!.dueDate = day("2026-12-01")        // moved earlier by hand
        tasks["seating"]!.dueDate = nil                    // due date cleared by hand
        tasks["run-sheet"]!.checklistKey = "not-in-this-template"
        let handAdded = WeddingTask(title: "Book the harpist", dueDate: day("2027-03-19"), createdAt: createdTime)
        let moved = checklist.rescheduled(Array(tasks.values) + [handAdded], weddingMovedFrom: oldWedding, to: newWedding,
                                          today: day("2026-02-01"))
        #expect(Set(moved.compactMap(\.checklistKey)) == ["chase-rsvps", "emergency-kit", "day-of"])
    }

    @Test("a task made due today because its date had passed still follows the wedding, and moves again later")
    func lateTasksFollow() throws {
        let created = day("2026-03-01")
        let soon = day("2026-09-12")
        let tasks = checklist.tasks(forWeddingOn: soon, today: created, createdAt: createdTime)
        #expect(tasks.filter { $0.dueDate == created }.compactMap(\.checklistKey) == ["venue", "photographer"])

        let postponed = day("2027-09-11")
        let moved = checklist.rescheduled(tasks, weddingMovedFrom: soon, to: postponed, today: day("2026-04-01"))
        #expect(moved.count == tasks.count)
        #expect(moved.first { $0.checklistKey == "venue" }?.dueDate == day("2026-09-11"))
        #expect(moved.first { $0.checklistKey == "photographer" }?.dueDate == day("2026-12-11"))

        // Brought forward again: dates already past are due on the day of the move, and they follow the next move too.
        let backAgain = checklist.rescheduled(moved, weddingMovedFrom: postponed, to: soon, today: day("2026-05-01"))
        #expect(backAgain.first { $0.checklistKey == "venue" }?.dueDate == day("2026-05-01"))
        #expect(backAgain.first { $0.checklistKey == "photographer" }?.dueDate == day("2026-05-01"))
        #expect(backAgain.first { $0.checklistKey == "invitations" }?.dueDate == day("2026-05-01"))
        #expect(backAgain.first { $0.checklistKey == "rings" }?.dueDate == day("2026-06-12"))
        let third = checklist.rescheduled(backAgain, weddingMovedFrom: soon, to: postponed, today: day("2026-06-01"))
        #expect(third.first { $0.checklistKey == "venue" }?.dueDate == day("2026-09-11"))
    }

    @Test("a past-due task moved by hand to a later day that has not come yet keeps it")
    func lateTaskMovedByHandStays() {
        var tasks = checklist.tasks(forWeddingOn: day("2026-09-12"), today: day("2026-03-01"), createdAt: createdTime)
        tasks[0].dueDate = day("2026-05-01")
        let moved = checklist.rescheduled(tasks, weddingMovedFrom: day("2026-09-12"), to: day("2027-09-11"),
                                          today: day("2026-04-01"))
        #expect(!moved.contains { $0.id == tasks[0].id })
    }

    @Test("a wedding brought forward makes what is now past due today, never earlier")
    func broughtForward() {
        let moved = checklist.rescheduled(Array(tasks().values), weddingMovedFrom: oldWedding, to: day("2026-08-15"),
                                          today: day("2026-02-01"))
        #expect(moved.first { $0.checklistKey == "venue" }?.dueDate == day("2026-02-01"))
        #expect(moved.first { $0.checklistKey == "photographer" }?.dueDate == day("2026-02-01"))
        #expect(moved.first { $0.checklistKey == "invitations" }?.dueDate == day("2026-02-15"))
        #expect(moved.allSatisfy { $0.dueDate! >= day("2026-02-01") })
    }

    @Test("only tasks whose date changes come back: none when the wedding stays, none that stay due today")
    func nothingToMove() {
        #expect(checklist.rescheduled(Array(tasks().values), weddingMovedFrom: oldWedding, to: oldWedding,
                                      today: day("2026-02-01")).isEmpty)
        let late = checklist.tasks(forWeddingOn: day("2026-03-15"), today: day("2026-03-01"), createdAt: createdTime)
        let moved = checklist.rescheduled(late, weddingMovedFrom: day("2026-03-15"), to: day("2026-03-14"),
                                          today: day("2026-03-01"))
        #expect(moved.compactMap(\.checklistKey) == ["run-sheet", "emergency-kit", "day-of"])
    }
}
