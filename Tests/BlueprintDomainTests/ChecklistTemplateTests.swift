import BlueprintDomain
import Foundation
import Testing

/// A checklist with one item in each band before the wedding, and a few in between.
func sampleChecklist() -> ChecklistTemplate {
    func item(_ key: String, _ amount: Int, _ unit: ChecklistLeadTime.Unit, _ priority: TaskPriority = .medium) -> ChecklistItem {
        ChecklistItem(key: key, leadTime: ChecklistLeadTime(amount, unit)!, title: "Title of \(key)", priority: priority,
                      details: "Details of \(key)")
    }
    return ChecklistTemplate(items: [
        item("venue", 12, .months, .urgent), item("photographer", 9, .months, .high), item("invitations", 6, .months),
        item("rings", 3, .months), item("chase-rsvps", 6, .weeks), item("seating", 1, .months, .high),
        item("run-sheet", 1, .weeks), item("emergency-kit", 3, .days, .low), item("day-of", 0, .days),
    ])
}

@Suite("Checklist template")
struct ChecklistTemplateTests {
    @Test("each band's task is due its time before the wedding, in the template's order, with the item's fields")
    func offsetsFromTheWeddingDate() {
        let tasks = sampleChecklist().tasks(forWeddingOn: day("2027-06-19"), today: day("2026-01-10"), createdAt: createdTime)
        #expect(tasks.map(\.checklistKey) == ["venue", "photographer", "invitations", "rings", "chase-rsvps", "seating",
                                              "run-sheet", "emergency-kit", "day-of"])
        #expect(tasks.map(\.dueDate) == ["2026-06-19", "2026-09-19", "2026-12-19", "2027-03-19", "2027-05-08",
                                         "2027-05-19", "2027-06-12", "2027-06-16", "2027-06-19"].map(day))
        let venue = tasks[0]
        #expect(venue.title == "Title of venue" && venue.details == "Details of venue" && venue.priority == .urgent)
        #expect(venue.status == .notStarted && venue.createdAt == createdTime && venue.updatedAt == createdTime)
        #expect(venue.version == 1 && venue.assignees.isEmpty && venue.subtasks.isEmpty && venue.vendorID == nil)
        #expect(Set(tasks.map(\.id)).count == tasks.count)
    }

    @Test("a wedding less than twelve months away: what is already past is due today, nothing is due in the past")
    func weddingSoon() {
        let today = day("2026-03-01")
        let tasks = sampleChecklist().tasks(forWeddingOn: day("2026-09-12"), today: today, createdAt: createdTime)
        #expect(tasks.map(\.dueDate) == ["2026-03-01", "2026-03-01", "2026-03-12", "2026-06-12", "2026-08-01",
                                         "2026-08-12", "2026-09-05", "2026-09-09", "2026-09-12"].map(day))
        #expect(tasks.allSatisfy { $0.dueDate! >= today && !$0.isOverdue(today: today) })
    }

    @Test("a wedding today or already past: every task is due today")
    func weddingTodayOrPast() {
        for wedding in ["2026-03-01", "2026-02-01"].map(day) {
            let tasks = sampleChecklist().tasks(forWeddingOn: wedding, today: day("2026-03-01"), createdAt: createdTime)
            #expect(tasks.allSatisfy { $0.dueDate == day("2026-03-01") })
        }
    }

    @Test("months count back to the same day, or to the last day of a shorter month", arguments: [
        ("2026-05-31", 3, "2026-02-28"), ("2028-05-31", 3, "2028-02-29"), ("2026-07-31", 1, "2026-06-30"),
        ("2026-03-30", 1, "2026-02-28"), ("2027-03-31", 12, "2026-03-31"), ("2027-02-28", 12, "2026-02-28"),
        ("2029-02-28", 12, "2028-02-28"), ("2026-08-31", 6, "2026-02-28"), ("2026-12-31", 9, "2026-03-31"),
    ])
    func monthEndClamping(wedding: String, months: Int, expected: String) throws {
        let leadTime = try #require(ChecklistLeadTime(months, .months))
        #expect(leadTime.dueDate(forWeddingOn: day(wedding)) == day(expected))
    }

    @Test("weeks are seven days and days are days, across month and year ends")
    func weeksAndDays() throws {
        #expect(try #require(ChecklistLeadTime(6, .weeks)).dueDate(forWeddingOn: day("2027-01-10")) == day("2026-11-29"))
        #expect(try #require(ChecklistLeadTime(3, .days)).dueDate(forWeddingOn: day("2028-03-01")) == day("2028-02-27"))
        #expect(try #require(ChecklistLeadTime(0, .days)).dueDate(forWeddingOn: day("2028-03-01")) == day("2028-03-01"))
    }

    @Test("a lead time is whole units from none to ten years, and prints as a template writes it")
    func leadTimes() {
        #expect(ChecklistLeadTime(-1, .days) == nil)
        #expect(ChecklistLeadTime(121, .months) == nil && ChecklistLeadTime(120, .months) != nil)
        #expect(ChecklistLeadTime(521, .weeks) == nil && ChecklistLeadTime(3_651, .days) == nil)
        #expect(ChecklistLeadTime(12, .months)?.description == "12 months")
        #expect(ChecklistLeadTime(1, .weeks)?.description == "1 week")
        #expect(ChecklistLeadTime(1, .months)?.description == "1 month")
        #expect(ChecklistLeadTime(0, .days)?.description == "0 days")
    }

    @Test("items are found by their key")
    func lookup() {
        let checklist = sampleChecklist()
        #expect(checklist.item(forKey: "rings")?.leadTime == ChecklistLeadTime(3, .months))
        #expect(checklist.item(forKey: "Rings") == nil && checklist.item(forKey: "") == nil)
    }
}
