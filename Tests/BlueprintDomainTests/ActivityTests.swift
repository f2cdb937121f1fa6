import BlueprintDomain
import Foundation
import Testing

@Suite("The activity feed: what each commit did, told in words")
struct ActivityTests {
    private func commit(_ dataset: inout WeddingDataset, _ body: (WeddingTransaction) throws -> Void) throws -> ActivityEntry {
        let (_, _, summary) = try dataset.commit(now: editTime) { try body($0) }
        return ActivityEntry(at: editTime, author: "Mei", operation: "test", summary: summary)
    }

    @Test("a status change alone is told as the new state, other fields by name, each once")
    func changesAreToldByField() throws {
        var dataset = Sample.dataset
        var ana = try #require(dataset.guests[Sample.ana.id])
        ana.rsvp = .attending
        #expect(try commit(&dataset) { try $0.update(ana) }.sentence == "marked Ana Lopez attending")
        ana = try #require(dataset.guests[Sample.ana.id])
        ana.email = "ana@example.com"
        ana.phone = "555"
        ana.firstName = "Anna"
        ana.lastName = "Lopes"
        #expect(try commit(&dataset) { try $0.update(ana) }.sentence == "changed Anna Lopes' name, email and phone")
        ana = try #require(dataset.guests[Sample.ana.id])
        ana.rsvp = .declined
        ana.table = 3
        #expect(try commit(&dataset) { try $0.update(ana) }.sentence == "marked Anna Lopes declined and changed the table to 3")
    }

    @Test("adding and deleting name the kind and the record; what a deletion takes with it is counted")
    func additionsAndDeletions() throws {
        var dataset = Sample.dataset
        dataset.notes.upsert(Note(id: uuid(80), subject: .record(Sample.ana), text: "Vegan", author: "Sam", createdAt: createdTime))
        dataset.notes.upsert(Note(id: uuid(81), subject: .record(Sample.ana), text: "Late", author: "Sam", createdAt: createdTime))
        let added = try commit(&dataset) { try $0.insert(Guest(firstName: "Cleo", lastName: "Ng")) }
        #expect(added.sentence == "added guest Cleo Ng")
        let deleted = try commit(&dataset) { try $0.delete(Guest.self, id: Sample.ana.id) }
        #expect(deleted.sentence == "deleted guest Ana Lopez (and deleted 2 notes)")
        #expect(deleted.summary.subject?.id == Sample.ana.id)
    }

    @Test("a large commit is counted, not listed, and only its first changes are described")
    func largeCommitsAreCounted() throws {
        var dataset = Sample.dataset
        let entry = try commit(&dataset) { transaction in
            for index in 0..<10_000 { try transaction.insert(Guest(firstName: "Guest", lastName: "\(index)")) }
            try transaction.insert(WeddingTask(title: "Thank everyone"))
        }
        #expect(entry.sentence == "added 10,000 guests and a task")
        #expect(entry.summary.changes.count == ActivitySummary.describedLimit)
        #expect(entry.summary.subject == nil, "an entry of many records opens none")
    }

    @Test("a change to the wedding's settings names them and says their new values")
    func weddingSettings() throws {
        var dataset = Sample.dataset
        var wedding = dataset.wedding
        wedding.totalBudget = usd(40_000)
        #expect(try commit(&dataset) { try $0.updateWedding(wedding) }.sentence == "changed the total budget to $40,000.00")
        wedding = dataset.wedding
        wedding.rsvpDeadline = CalendarDate(year: 2027, month: 5, day: 22)
        wedding.currency = Currency(code: "EUR")!
        #expect(try commit(&dataset) { try $0.updateWedding(wedding) }.sentence
                == "changed the currency to EUR and the RSVP deadline to 22 May 2027")
        wedding = dataset.wedding
        wedding.rsvpDeadline = nil
        #expect(try commit(&dataset) { try $0.updateWedding(wedding) }.sentence == "changed the RSVP deadline to none")
    }

    @Test("a rolled-back transaction leaves no activity behind")
    func rollbackForgetsActivity() throws {
        var dataset = Sample.dataset
        #expect(throws: RepositoryError.self) {
            try dataset.commit(now: editTime) { transaction in
                try transaction.insert(Guest(firstName: "Dana", lastName: "Ruiz"))
                try transaction.insert(Guest(firstName: "", lastName: ""))
            }
        }
        let (_, _, summary) = try dataset.commit(now: editTime) { try $0.insert(Guest(firstName: "Eve", lastName: "Ko")) }
        #expect(summary.counts == [ActivityCount(kind: .guest, write: .added, count: 1, followed: false)])
    }

    @Test("an older commit known only by its changes is counted")
    func countedFromChanges() {
        let changes = [RecordChange(.save(Sample.ana), previousVersion: nil), RecordChange(.delete(WeddingTask.self, id: uuid(30)), previousVersion: 2)]
        let entry = ActivityEntry(at: editTime, author: nil, operation: "old", summary: ActivitySummary(counting: changes))
        #expect(entry.sentence == "added a guest and deleted a task")
    }
}
