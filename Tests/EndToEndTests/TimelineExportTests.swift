import Foundation
import Testing

/// The calendar, run sheet and seating exports and the timeline's figures, from the real binary
/// on a demo wedding (which has milestones and a run sheet).
@Suite("timeline exports and figures")
struct TimelineExportTests {
    /// A data directory with one demo wedding, and the wedding's name.
    private func demo() throws -> (BlueprintProcess, String) {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let demo = try blueprint.run(["demo", "--guests", "30", "--seed", "7"])
        #expect(demo.status == 0, "\(demo.stderr)")
        return (blueprint, demo.stdout.trimmingCharacters(in: .newlines))
    }

    private func statsJSON(_ blueprint: BlueprintProcess) throws -> [String: Any] {
        let stats = try blueprint.run(["stats", "--json"])
        #expect(stats.status == 0, "\(stats.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
    }

    /// A path beside the data directory for an export.
    private func outputPath(_ blueprint: BlueprintProcess, _ name: String) -> String {
        blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// The number of `|` in `line` that no backslash escapes.
    private func pipes(_ line: Substring) -> Int {
        var count = 0, escaped = false
        for character in line {
            if !escaped && character == "|" { count += 1 }
            escaped = !escaped && character == "\\"
        }
        return count
    }

    @Test("stats --json has the timeline's figures: milestones with the next one, and the run sheet with its clashes")
    func statsHaveTheTimeline() throws {
        let (blueprint, _) = try demo()
        let json = try statsJSON(blueprint)
        let milestones = try #require(json["milestones"] as? [String: Any])
        #expect(milestones["total"] as? Int == 8)
        let done = try #require(milestones["done"] as? Int)
        let overdue = try #require(milestones["overdue"] as? Int)
        #expect(done + overdue <= 8 && overdue == 0, "the demo's past milestones are done")
        let next = try #require(milestones["next"] as? [String: Any], "the wedding day itself is still ahead")
        #expect(next["title"] is String)
        let date = try #require(next["date"] as? String)
        #expect(date.count == 10)
        let daysUntil = try #require(next["daysUntil"] as? Int)
        let daysToGo = try #require((json["wedding"] as? [String: Any])?["daysToGo"] as? Int)
        #expect((0...daysToGo).contains(daysUntil))
        let runSheet = try #require(json["runSheet"] as? [String: Any])
        #expect(runSheet["items"] as? Int == 11)
        #expect(runSheet["clashes"] as? Int == 0)

        let text = try blueprint.run(["stats"])
        #expect(text.stdout.contains("Timeline 8 milestones, \(done) done, 0 overdue; next: "), "\(text.stdout)")
        #expect(text.stdout.contains("run sheet: 11 items, 0 clashes"), "\(text.stdout)")
    }

    @Test("a wedding without milestones has null for the next one")
    func noNextMilestone() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Ana & Ben"]).status == 0)
        let stats = try blueprint.run(["stats", "--json"])
        #expect(stats.stdout.contains(#""next" : null"#), "\(stats.stdout)")
        let json = try statsJSON(blueprint)
        let milestones = try #require(json["milestones"] as? [String: Any])
        #expect(Set(milestones.keys) == ["total", "done", "overdue", "next"])
        #expect(milestones["total"] as? Int == 0 && milestones["next"] is NSNull)
        #expect(json["runSheet"] as? [String: Int] == ["items": 0, "clashes": 0])
        #expect(json["gifts"] as? [String: Int]
                == ["count": 0, "thankYousToWrite": 0, "moneyGifts": 0, "owedToCouple": 0, "owedByCouple": 0])
    }

    @Test("export calendar -o writes a private iCalendar file of milestones, the run sheet, tasks and payments, the same each time")
    func calendarToFile() throws {
        let (blueprint, name) = try demo()
        let json = try statsJSON(blueprint)
        let milestones = try #require((json["milestones"] as? [String: Any])?["total"] as? Int)
        let items = try #require((json["runSheet"] as? [String: Any])?["items"] as? Int)

        let path = outputPath(blueprint, "x.ics")
        let result = try blueprint.run(["export", "calendar", "--todos", "-o", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(text.contains("\r\nX-WR-CALNAME:\(name)\r\n"))
        #expect(text.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count - 1 == milestones + items)
        #expect(text.components(separatedBy: "\r\nUID:milestone-").count - 1 == milestones)
        #expect(text.components(separatedBy: "\r\nUID:runsheet-").count - 1 == items)
        #expect(text.contains("\r\nUID:task-") && text.contains("\r\nUID:installment-"))
        #expect(text.contains("\r\nSTATUS:COMPLETED\r\n") && text.contains("\r\nSTATUS:NEEDS-ACTION\r\n"))
        let uids = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(Set(uids).count == uids.count, "every entry has its own UID")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0)

        let again = outputPath(blueprint, "again.ics")
        #expect(try blueprint.run(["export", "calendar", "--todos", "--format", "ics", "-o", again]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == data, "the same records give the same file")
        #expect(try blueprint.run(["export", "calendar", "--todos"]).stdout == text)

        let events = try blueprint.run(["export", "calendar"]).stdout
        let toDos = text.components(separatedBy: "\r\nBEGIN:VTODO\r\n").count - 1
        #expect(!events.contains("BEGIN:VTODO"), "by default every entry is an event, which every calendar app shows")
        #expect(events.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count - 1 == milestones + items + toDos)
        #expect(events.contains("\r\nUID:task-day-") && events.contains("\r\nTRANSP:TRANSPARENT\r\n"))
        let refused = try blueprint.run(["export", "guests", "--todos"])
        #expect(refused.status == 64 && refused.stderr.contains("--todos applies to calendar only"), "\(refused.stderr)")
    }

    @Test("export runsheet --format md prints the day's items as a Markdown table of one line each")
    func runSheetAsMarkdown() throws {
        let (blueprint, name) = try demo()
        let result = try blueprint.run(["export", "runsheet", "--format", "md"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("# ") && result.stdout.contains(" — Run sheet\n"), "\(result.stdout)")
        #expect(result.stdout.contains(name.split(separator: " ")[0]), "the title names the wedding")
        let table = result.stdout.split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(table.first == "| Time | What | Where | Who | Vendor | Notes |")
        #expect(table.count == 2 + 11)
        #expect(table.allSatisfy { pipes($0) == 7 }, "\(table)")
        #expect(table.contains { $0.hasPrefix("| 14:00–14:45 | Ceremony | Garden |") })

        let html = try blueprint.run(["export", "runsheet"])
        #expect(html.status == 0)
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.stdout.contains("@page { size: auto; margin: 15mm; }"))
        #expect(!html.stdout.contains("<script"))
    }

    @Test("export seating: a block per table; hostile guest names stay text in HTML and keep Markdown tables whole")
    func seatingWithHostileNames() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Ana & Ben"]).status == 0)
        let csv = try blueprint.file(named: "guests.csv", #"""
            First Name,Last Name,RSVP Status,Table Assignment,Seat Number,Meal Option,Dietary Restrictions
            <script>alert(1)</script>,*bold*,Attending,1,2,,"line one
            line two"
            """><img src=x onerror=alert(1)>",| pipe,Attending,1,1,,
            Nia,Bell,Attending,,,,
            """#)
        let imported = try blueprint.run(["import", "guests", csv])
        #expect(imported.status == 0, "\(imported.stderr)")

        let html = try blueprint.run(["export", "seating", "--format", "html"])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(!html.stdout.contains("<script") && !html.stdout.contains("<img"))
        #expect(html.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt; *bold*"))
        #expect(html.stdout.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt; | pipe"))
        #expect(html.stdout.contains("line one<br>line two"))

        let markdown = try blueprint.run(["export", "seating", "--format", "md"])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        let lines = markdown.stdout.split(separator: "\n")
        #expect(lines.contains("## Table 1") && lines.contains("## Without a table"))
        let table = lines.filter { $0.hasPrefix("|") }
        #expect(table.count == (2 + 2) + (2 + 1))
        #expect(table.allSatisfy { pipes($0) == 6 }, "\(table)")
        #expect(table.contains { $0.hasPrefix("| 1 | \"\\>\\<img src=x onerror=alert(1)\\> \\| pipe |") }, "\(table)")
    }

    @Test("a --format the kind is not written in is refused naming the option, and nothing is written",
          arguments: [("runsheet", "csv", "use html or md"), ("guests", "html", "use csv or json"),
                      ("calendar", "json", "it is written as ics"), ("seating", "ics", "use html or md")])
    func refusedFormat(kind: String, format: String, advice: String) throws {
        let (blueprint, _) = try demo()
        let before = try blueprint.snapshot()
        let path = outputPath(blueprint, "refused.out")
        let result = try blueprint.run(["export", kind, "--format", format, "-o", path])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: --format \(format) does not apply to \(kind); \(advice)\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: path + ".tmp"))
        #expect(try blueprint.snapshot() == before)
    }
}
