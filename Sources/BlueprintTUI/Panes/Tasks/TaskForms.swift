import BlueprintDomain
import Foundation

/// The task form (add and edit, with a line to add a subtask) and the task filter form.
enum TaskForms {
    struct Choices {
        let vendors: [Vendor]
        let categories: [BudgetCategory]
        let wedding: Wedding?
    }

    static func form(_ task: WeddingTask?, choices: Choices) -> Form {
        let task = task ?? WeddingTask(title: "")
        return Form(title: task.title.isEmpty ? "New task" : "Edit \(task.title)", fields: [
            .text("title", "Task", task.title),
            .text("details", "Details", task.details),
            .choice("status", "Status", TaskStatus.allCases.map { Formats.label($0.rawValue) },
                    selected: TaskStatus.allCases.firstIndex(of: task.status)!),
            .choice("priority", "Priority", TaskPriority.allCases.map { Formats.label($0.rawValue) },
                    selected: TaskPriority.allCases.firstIndex(of: task.priority)!),
            .text("dueDate", "Due", Formats.date(task.dueDate), placeholder: "yyyy-mm-dd"),
            .text("assignees", "Assigned to", task.assignees.joined(separator: ", "), placeholder: "names, separated by commas"),
            .choice("vendor", "Vendor", ["(none)"] + choices.vendors.map(\.name),
                    selected: task.vendorID.flatMap { id in choices.vendors.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0),
            .choice("budgetCategory", "Budget category", ["(none)"] + choices.categories.map(\.name),
                    selected: task.budgetCategoryID.flatMap { id in choices.categories.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0),
            .text("newSubtask", "Add a step", "", placeholder: "a subtask, saved with the task"),
        ])
    }

    /// The task the form describes, and the subtask to add (nil when that line is empty).
    static func task(from form: Form, base: WeddingTask, choices: Choices) -> FormReading<(task: WeddingTask, newSubtask: String?)> {
        var reader = FieldReader(form)
        var task = base
        task.title = reader.text("title")
        task.details = form["details"].text
        task.status = TaskStatus.allCases[form["status"].selectedIndex]
        task.priority = TaskPriority.allCases[form["priority"].selectedIndex]
        task.dueDate = reader.date("dueDate")
        task.assignees = reader.text("assignees").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let vendor = form["vendor"].selectedIndex, category = form["budgetCategory"].selectedIndex
        task.vendorID = vendor == 0 ? nil : choices.vendors[vendor - 1].id
        task.budgetCategoryID = category == 0 ? nil : choices.categories[category - 1].id
        if let wedding = choices.wedding {
            reader.add(task.validationIssues(in: WeddingDataset(wedding: wedding, categories: choices.categories, vendors: choices.vendors)))
        }
        let step = reader.text("newSubtask")
        return FormReading((task, step.isEmpty ? nil : step), issues: reader.issues)
    }

    static func filterForm(_ filter: TaskFilter, assignees: [String]) -> Form {
        Form(title: "Filter tasks", fields: [
            .choice("status", "Status", ["Any"] + TaskStatus.allCases.map { Formats.label($0.rawValue) },
                    selected: filter.status.count == 1 ? TaskStatus.allCases.firstIndex(of: filter.status.first!)! + 1 : 0),
            .choice("priority", "Priority", ["Any"] + TaskPriority.allCases.map { Formats.label($0.rawValue) },
                    selected: filter.priority.count == 1 ? TaskPriority.allCases.firstIndex(of: filter.priority.first!)! + 1 : 0),
            .choice("assignee", "Assigned to", ["Anyone"] + assignees,
                    selected: filter.assignee.flatMap { assignees.firstIndex(of: $0) }.map { $0 + 1 } ?? 0),
            .text("text", "Contains", filter.text.text, placeholder: "title, details, assignees, steps"),
        ])
    }

    static func filter(from form: Form) -> TaskFilter {
        let status = form["status"].selectedIndex, priority = form["priority"].selectedIndex
        let assignee = form["assignee"]
        return TaskFilter(text: form["text"].text,
                          status: status == 0 ? [] : [TaskStatus.allCases[status - 1]],
                          priority: priority == 0 ? [] : [TaskPriority.allCases[priority - 1]],
                          assignee: assignee.selectedIndex == 0 ? nil : assignee.text)
    }

    static func summary(_ filter: TaskFilter) -> String {
        Formats.filterSummary([
            filter.status.isEmpty ? nil : filter.status.map(\.rawValue).sorted().joined(separator: "/"),
            filter.priority.isEmpty ? nil : filter.priority.map(\.rawValue).sorted().joined(separator: "/") + " priority",
            filter.assignee.map { "for \($0)" },
            filter.text.isEmpty ? nil : "“\(filter.text.text)”",
        ])
    }
}
