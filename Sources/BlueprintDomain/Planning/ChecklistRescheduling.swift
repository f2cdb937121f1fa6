extension ChecklistTemplate {
    /// The tasks of `tasks` that follow this checklist, re-dated for a wedding moved from
    /// `oldDate` to `newDate`; only those whose due date changes are returned, for the caller to
    /// save (the planner asks first).
    ///
    /// A returned task is due on its item's date for `newDate`, or on `today` if that date is
    /// already past. A task is moved only when
    /// - its `checklistKey` names an item of this template (a task whose item is no longer in
    ///   the template keeps its date),
    /// - it is open: neither completed nor cancelled, and
    /// - it still follows the old date: it is due on its item's date for `oldDate`, or, when that
    ///   date is past, on a later day no later than `today` (the checklist made it due on the day
    ///   it was created, or on the day of an earlier move, because its own date had passed).
    ///
    /// A task moved by hand to another date keeps that date. One moved by hand to a day that is
    /// also past by now cannot be told from a task the checklist made due late, and moves.
    public func rescheduled(_ tasks: [WeddingTask], weddingMovedFrom oldDate: CalendarDate,
                            to newDate: CalendarDate, today: CalendarDate) -> [WeddingTask] {
        tasks.compactMap { task in
            guard let key = task.checklistKey, let item = item(forKey: key), !task.status.isClosed,
                  let dueDate = task.dueDate else { return nil }
            let oldDue = item.dueDate(forWeddingOn: oldDate)
            guard dueDate == oldDue || (oldDue < dueDate && dueDate <= today) else { return nil }
            let newDue = max(item.dueDate(forWeddingOn: newDate), today)
            guard newDue != dueDate else { return nil }
            var moved = task
            moved.dueDate = newDue
            return moved
        }
    }
}
