import BlueprintDomain
import Foundation

/// The milestone form and the run-sheet item form (add and edit). Dates are typed `yyyy-mm-dd`
/// and times `HH:mm`; each problem shows beside the field it is about.
enum TimelineForms {
    static func milestoneForm(_ milestone: Milestone?) -> Form {
        Form(title: milestone.map { "Edit \($0.title)" } ?? "New milestone", fields: [
            .text("title", "Milestone", milestone?.title ?? ""),
            .text("date", "Date", Formats.date(milestone?.date), placeholder: "yyyy-mm-dd"),
            .toggle("isDone", "Done", milestone?.isDone ?? false),
            .text("notes", "Notes", milestone?.notes ?? ""),
        ])
    }

    static func milestone(from form: Form, base: Milestone, wedding: Wedding?) -> FormReading<Milestone> {
        var reader = FieldReader(form)
        var milestone = base
        milestone.title = reader.text("title")
        milestone.date = reader.requiredDate("date", "The date")
        milestone.isDone = form.isOn("isDone")
        milestone.notes = form["notes"].text
        if let wedding { reader.add(milestone.validationIssues(in: WeddingDataset(wedding: wedding))) }
        return FormReading(milestone, issues: reader.issues)
    }

    /// What a new run-sheet item starts with: its day, and when it starts.
    struct ItemDefaults {
        let day: CalendarDate
        let start: TimeOfDay?
    }

    static func itemForm(_ item: RunSheetItem?, defaults: ItemDefaults, vendors: [Vendor]) -> Form {
        Form(title: item.map { "Edit \($0.title)" } ?? "New run-sheet item", fields: [
            .text("day", "Day", Formats.date(item?.day ?? defaults.day), placeholder: "yyyy-mm-dd"),
            .text("start", "Starts", (item?.start ?? defaults.start).map(\.description) ?? "", placeholder: "HH:mm"),
            .text("end", "Ends", item.map(\.end.description) ?? "", placeholder: "HH:mm"),
            .text("title", "What", item?.title ?? ""),
            .text("place", "Where", item?.place ?? ""),
            .text("people", "Who", item?.people.joined(separator: ", ") ?? "", placeholder: "names or roles, separated by commas"),
            .choice("vendor", "Vendor", ["(none)"] + vendors.map { "\($0.name) (\($0.category.displayName))" },
                    selected: item?.vendorID.flatMap { id in vendors.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0),
            .text("notes", "Notes", item?.notes ?? ""),
        ])
    }

    static func item(from form: Form, base: RunSheetItem, vendors: [Vendor], wedding: Wedding?) -> FormReading<RunSheetItem> {
        var reader = FieldReader(form)
        var item = base
        item.day = reader.requiredDate("day", "The day")
        let start = reader.requiredTime("start", "The start")
        let end = reader.requiredTime("end", "The end")
        item.start = start ?? item.start
        item.end = end ?? item.end
        item.title = reader.text("title")
        item.place = reader.text("place")
        item.people = reader.text("people").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let vendor = form["vendor"].selectedIndex
        item.vendorID = vendor == 0 ? nil : vendors[vendor - 1].id
        item.notes = form["notes"].text
        if let wedding {
            // A time that could not be read has its own problem; the domain's check of it would be about a stand-in.
            let issues = item.validationIssues(in: WeddingDataset(wedding: wedding, vendors: vendors))
            reader.add(issues.filter { ($0.field != "start" && $0.field != "end") || (start != nil && end != nil) })
        }
        return FormReading(item, issues: reader.issues)
    }
}
