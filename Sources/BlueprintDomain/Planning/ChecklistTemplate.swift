import Foundation

// Planning checklists: a template of tasks keyed to time before the wedding (`ChecklistItem`,
// `ChecklistLeadTime`) becomes a new wedding's tasks, due on dates that follow the wedding date,
// and those tasks move with the wedding date while nobody has moved or closed them.
// The date math lives here; reading a template file is BlueprintStorage's
// (`ChecklistTemplate(csv:fileName:)`, and `ChecklistTemplate.standard` built in).

/// A planning checklist: the tasks to add to a new wedding, each due a fixed time before it.
public struct ChecklistTemplate: Hashable, Sendable {
    /// The items in the template's order, which is the order their tasks are made in.
    public let items: [ChecklistItem]
    private let indexByKey: [String: Int]

    /// - Precondition: no two items share a key.
    public init(items: [ChecklistItem]) {
        var indexByKey: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            precondition(indexByKey.updateValue(index, forKey: item.key) == nil,
                         "two checklist items share the key '\(item.key)'")
        }
        self.items = items
        self.indexByKey = indexByKey
    }

    /// The item whose key is `key`, if the template has one.
    public func item(forKey key: String) -> ChecklistItem? { indexByKey[key].map { items[$0] } }

    /// A new task for each item, for a wedding on `weddingDate`, in the template's order.
    ///
    /// Each task is due on its item's date, except that a date already past on `today` (the
    /// wedding is less than the item's lead time away) becomes `today`: no task starts overdue.
    /// The tasks are not started, carry their item's title, priority, details and key
    /// (`checklistKey`), and were created at `createdAt`.
    public func tasks(forWeddingOn weddingDate: CalendarDate, today: CalendarDate,
                      createdAt: Timestamp = Timestamp(Date())) -> [WeddingTask] {
        items.map { item in
            WeddingTask(title: item.title, details: item.details, priority: item.priority,
                        dueDate: max(item.dueDate(forWeddingOn: weddingDate), today), checklistKey: item.key,
                        createdAt: createdAt)
        }
    }
}
