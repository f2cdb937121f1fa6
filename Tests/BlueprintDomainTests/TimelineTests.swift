import BlueprintDomain
import Foundation
import Testing

@Suite("Times of day")
struct TimeOfDayTests {
    @Test("HH:mm and H:mm parse; 24:00 is the end of the day; anything else is refused")
    func parsing() {
        #expect(TimeOfDay(parsing: "09:05")?.minutes == 9 * 60 + 5)
        #expect(TimeOfDay(parsing: "9:05")?.description == "09:05")
        #expect(TimeOfDay(parsing: "24:00")?.minutes == 1440)
        for bad in ["24:01", "23:60", "7", "7:5", "07:5a", "-1:00", "", "12:00:00", "٠٩:٠٠"] {
            #expect(TimeOfDay(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("a time is coded as HH:mm, and a bad one in a file names itself")
    func coding() throws {
        let time = try #require(TimeOfDay(hour: 7, minute: 30))
        #expect(String(decoding: try JSONEncoder().encode([time]), as: UTF8.self) == #"["07:30"]"#)
        #expect(try JSONDecoder().decode([TimeOfDay].self, from: Data(#"["07:30"]"#.utf8)) == [time])
        #expect {
            try JSONDecoder().decode([TimeOfDay].self, from: Data(#"["25:00"]"#.utf8))
        } throws: { "\($0)".contains("'25:00' is not a time of day") }
    }
}

@Suite("Run-sheet items and milestones")
struct RunSheetTests {
    static let day = CalendarDate(year: 2027, month: 6, day: 12)!

    static func item(_ start: String, _ end: String, _ title: String = "Item", place: String = "", vendor: UUID? = nil,
                     day: CalendarDate = RunSheetTests.day) -> RunSheetItem {
        RunSheetItem(day: day, start: TimeOfDay(parsing: start)!, end: TimeOfDay(parsing: end)!, title: title, place: place,
                     vendorID: vendor)
    }

    @Test("an item must not end when it starts and must have a title; its vendor must exist; each problem names its field")
    func validation() {
        let dataset = WeddingDataset(wedding: Wedding(name: "A & B"))
        let instant = Self.item("15:00", "15:00", " ", vendor: UUID())
        let fields = Set(instant.validationIssues(in: dataset).map(\.field))
        #expect(fields == ["title", "end", "vendor"])
        #expect(Self.item("14:00", "14:00").validationIssues(in: dataset).map(\.field) == ["end"])
        #expect(Self.item("00:00", "24:00").validationIssues(in: dataset).isEmpty)
        #expect(Self.item("23:00", "24:00").validationIssues(in: dataset).isEmpty)
        #expect(Milestone(title: "", date: Self.day).validationIssues(in: dataset).map(\.field) == ["title"])
    }

    @Test("an end before the start is on the next day: 23:00 to 01:00 is accepted, shown as '01:00 (next day)', and clashes past midnight")
    func passesMidnight() {
        let dataset = WeddingDataset(wedding: Wedding(name: "A & B"))
        let party = Self.item("23:00", "01:00", "After-party", place: "Terrace")
        #expect(party.validationIssues(in: dataset).isEmpty)
        #expect(party.endsNextDay && party.endText == "01:00 (next day)")
        #expect(!Self.item("23:00", "24:00").endsNextDay && Self.item("09:00", "10:00").endText == "10:00")
        let nextDay = Self.day.adding(days: 1)
        let cleanUp = Self.item("00:30", "01:30", "Clean-up", place: "terrace", day: nextDay)
        let taxi = Self.item("01:30", "02:00", "Taxi", place: "Terrace", day: nextDay)
        #expect(RunSheetClash.find(in: [taxi, cleanUp, party])
                == [RunSheetClash(first: party.id, second: cleanUp.id, reason: .samePlace("terrace"))])
    }

    @Test("items overlapping in the same place clash; touching end to start, another place or another day do not")
    func samePlace() {
        let ceremony = Self.item("14:00", "15:00", "Ceremony", place: "Garden")
        let setUp = Self.item("14:30", "16:00", "Set up", place: " garden ")
        let after = Self.item("15:00", "16:00", "Photos", place: "Garden")
        let elsewhere = Self.item("14:00", "15:00", "Drinks", place: "Terrace")
        let nextDay = Self.item("14:00", "15:00", "Brunch", place: "Garden", day: Self.day.adding(days: 1))
        let unplaced = [Self.item("14:00", "15:00", "A"), Self.item("14:00", "15:00", "B")]
        let clashes = RunSheetClash.find(in: [setUp, after, ceremony, elsewhere, nextDay] + unplaced)
        #expect(clashes == [RunSheetClash(first: ceremony.id, second: setUp.id, reason: .samePlace(" garden ")),
                            RunSheetClash(first: setUp.id, second: after.id, reason: .samePlace("Garden"))])
    }

    @Test("places that look alike are one place: invisible characters, spacing, case, accents and width do not tell them apart")
    func placesCompareAsTheyLook() {
        let first = Self.item("14:00", "15:00", "Ceremony", place: "Gar\u{200B}den  Ter\u{2060}race")
        for lookalike in ["garden terrace", " GARDEN\tTERRACE ", "Gärden Terrace", "Ｇａｒｄｅｎ Terrace"] {
            let second = Self.item("14:30", "15:30", "Set up", place: lookalike)
            #expect(RunSheetClash.find(in: [first, second]).count == 1, "\(lookalike)")
        }
        #expect(RunSheetClash.find(in: [first, Self.item("14:30", "15:30", "Set up", place: "Garden")]).isEmpty)
    }

    @Test("a vendor booked in two places at once clashes; the same vendor later, or in the same place, does not")
    func vendorInTwoPlaces() {
        let photographer = UUID()
        let portraits = Self.item("11:00", "12:30", "Portraits", place: "Suite", vendor: photographer)
        let ceremony = Self.item("12:00", "13:00", "Ceremony", place: "Garden", vendor: photographer)
        let dinner = Self.item("13:00", "14:00", "Dinner", place: "Hall", vendor: photographer)
        let sameRoom = Self.item("11:30", "12:00", "Details", place: "suite", vendor: photographer)
        let clashes = RunSheetClash.find(in: [dinner, ceremony, portraits, sameRoom])
        #expect(clashes.contains(RunSheetClash(first: portraits.id, second: ceremony.id, reason: .vendorInTwoPlaces(photographer))))
        #expect(!clashes.contains { $0.reason == .vendorInTwoPlaces(photographer) && [$0.first, $0.second].contains(dinner.id) })
        #expect(!clashes.contains { $0.reason == .vendorInTwoPlaces(photographer) && [$0.first, $0.second].contains(sameRoom.id) })
        #expect(clashes.contains(RunSheetClash(first: portraits.id, second: sameRoom.id, reason: .samePlace("suite"))))
    }

    @Test("a milestone is overdue past its date until it is done")
    func overdue() {
        let today = Self.day
        #expect(Milestone(title: "RSVP", date: today.adding(days: -1)).isOverdue(today: today))
        #expect(!Milestone(title: "RSVP", date: today).isOverdue(today: today))
        #expect(!Milestone(title: "RSVP", date: today.adding(days: -1), isDone: true).isOverdue(today: today))
    }
}
