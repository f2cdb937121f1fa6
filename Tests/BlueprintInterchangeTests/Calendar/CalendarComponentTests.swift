import BlueprintDomain
import BlueprintInterchange
import Foundation
import Testing

/// What each kind of component carries, read back from the file property by property.
@Suite struct CalendarComponentTests {
    typealias Fixtures = CalendarFixtures

    @Test(arguments: [("2027-06-12", "20270612", "20270613"), ("2027-12-31", "20271231", "20280101"),
                      ("2028-02-28", "20280228", "20280229"), ("2027-02-28", "20270228", "20270301"),
                      ("0999-01-05", "09990105", "09990106")])
    func anAllDayEventEndsTheNextDayExclusive(day: String, start: String, end: String) throws {
        let date = try #require(CalendarDate(iso: day))
        let event = try Fixtures.readBack(CalendarComponent(
            kind: .event(.allDay(date)), uid: "u", stamp: Fixtures.stamp, summary: "Wedding"))
        #expect(try event.property("DTSTART") == .init(name: "DTSTART", parameters: ["VALUE=DATE"], value: start))
        #expect(try event.property("DTEND") == .init(name: "DTEND", parameters: ["VALUE=DATE"], value: end))
    }

    @Test func aTimedEventIsInFloatingLocalTime() throws {
        let span = try #require(LocalTimeSpan(start: Fixtures.time(14, 30), end: Fixtures.time(17, 5)))
        let event = try Fixtures.readBack(CalendarComponent(
            kind: .event(.timed(span)), uid: "u", stamp: Fixtures.stamp, summary: "Ceremony"))
        #expect(try event.property("DTSTART") == .init(name: "DTSTART", parameters: [], value: "20270612T143000"))
        #expect(try event.property("DTEND") == .init(name: "DTEND", parameters: [], value: "20270612T170500"))
    }

    @Test func aTimedEventMayRunPastMidnight() throws {
        let nextDay = Fixtures.weddingDay.adding(days: 1)
        let span = try #require(LocalTimeSpan(start: Fixtures.time(23, 0), end: Fixtures.time(on: nextDay, 0, 45)))
        let event = try Fixtures.readBack(CalendarComponent(
            kind: .event(.timed(span)), uid: "u", stamp: Fixtures.stamp, summary: "After-party"))
        #expect(try event.property("DTSTART").value == "20270612T230000")
        #expect(try event.property("DTEND").value == "20270613T004500")
    }

    @Test func aTimedSpanMustEndAfterItStarts() {
        #expect(LocalTimeSpan(start: Fixtures.time(14, 30), end: Fixtures.time(14, 30)) == nil)
        #expect(LocalTimeSpan(start: Fixtures.time(14, 30), end: Fixtures.time(14, 29)) == nil)
        #expect(LocalTimeSpan(start: Fixtures.time(23, 59), end: Fixtures.time(on: Fixtures.weddingDay.adding(days: -1), 23, 59)) == nil)
        #expect(LocalTimeSpan(start: Fixtures.time(14, 30), end: Fixtures.time(14, 31)) != nil)
    }

    @Test(arguments: [(24, 0), (-1, 0), (12, 60), (12, -1)])
    func aLocalTimeIsOnTheClock(hour: Int, minute: Int) {
        #expect(LocalDateTime(date: Fixtures.weddingDay, hour: hour, minute: minute) == nil)
    }

    @Test func anEventIsConfirmedAndHasNoToDoProperties() throws {
        let event = try Fixtures.readBack(Fixtures.event())
        #expect(try event.property("STATUS").value == "CONFIRMED")
        #expect(!event.has("DUE") && !event.has("COMPLETED"))
    }

    @Test func aToDoIsDueOnADateAndNeedsAction() throws {
        let toDo = try Fixtures.readBack(CalendarComponent(
            kind: .toDo(due: Fixtures.weddingDay, status: .needsAction), uid: "task-1", stamp: Fixtures.stamp,
            summary: "Book the florist"))
        #expect(toDo.name == "VTODO")
        #expect(try toDo.property("DUE") == .init(name: "DUE", parameters: ["VALUE=DATE"], value: "20270612"))
        #expect(try toDo.property("STATUS").value == "NEEDS-ACTION")
        #expect(!toDo.has("COMPLETED") && !toDo.has("DTSTART") && !toDo.has("DTEND"))
    }

    @Test func aCompletedToDoSaysWhenInUTC() throws {
        let doneAt = try #require(Timestamp(iso: "2027-03-01T09:15:00.500+02:00"))
        let toDo = try Fixtures.readBack(CalendarComponent(
            kind: .toDo(due: Fixtures.weddingDay, status: .completed(at: doneAt)), uid: "task-1",
            stamp: Fixtures.stamp, summary: "Book the florist"))
        #expect(try toDo.property("STATUS").value == "COMPLETED")
        #expect(try toDo.property("COMPLETED") == .init(name: "COMPLETED", parameters: [], value: "20270301T071500Z"))
    }

    @Test func aToDoCompletedAtAnUnknownTimeHasNoCompletedProperty() throws {
        let toDo = try Fixtures.readBack(CalendarComponent(
            kind: .toDo(due: nil, status: .completed(at: nil)), uid: "task-1", stamp: Fixtures.stamp, summary: "Done"))
        #expect(try toDo.property("STATUS").value == "COMPLETED")
        #expect(!toDo.has("COMPLETED"))
        #expect(!toDo.has("DUE"))
    }

    @Test(arguments: [("2026-11-21T05:12:39.999Z", "20261121T051239Z"), ("2026-11-21T06:12:39+01:00", "20261121T051239Z"),
                      ("1970-01-01T00:00:00Z", "19700101T000000Z"), ("1969-12-31T23:59:59.999Z", "19691231T235959Z"),
                      ("2028-02-29T23:59:59Z", "20280229T235959Z")])
    func theStampIsUTCToTheSecond(instant: String, written: String) throws {
        let stamp = try #require(Timestamp(iso: instant))
        let event = try Fixtures.readBack(CalendarComponent(kind: .event(.allDay(Fixtures.weddingDay)), uid: "u",
                                                            stamp: stamp, summary: "s"))
        #expect(try event.property("DTSTAMP") == .init(name: "DTSTAMP", parameters: [], value: written))
    }

    @Test func theSequenceIsWrittenWhenGiven() throws {
        var component = Fixtures.event()
        let unsequenced = try Fixtures.readBack(component)
        #expect(!unsequenced.has("SEQUENCE"))
        component.sequence = 0
        #expect(try Fixtures.readBack(component).property("SEQUENCE").value == "0")
        component.sequence = 17
        #expect(try Fixtures.readBack(component).property("SEQUENCE").value == "17")
    }

    @Test func emptyOptionalTextIsLeftOut() throws {
        let bare = try Fixtures.readBack(Fixtures.event(details: nil, location: nil, categories: []))
        let empty = try Fixtures.readBack(Fixtures.event(details: "", location: "", categories: ["", ""]))
        for event in [bare, empty] {
            #expect(!event.has("DESCRIPTION") && !event.has("LOCATION") && !event.has("CATEGORIES"))
            #expect(event.properties.map(\.name) == ["UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "STATUS"])
        }
        let some = try Fixtures.readBack(Fixtures.event(categories: ["", "Venue", ""]))
        #expect(try some.property("CATEGORIES").value == "Venue")
    }

    @Test func anEmptySummaryIsStillWritten() throws {
        #expect(try Fixtures.readBack(Fixtures.event(summary: "")).property("SUMMARY").value == "")
    }
}
