import BlueprintDomain

/// A section of the keymap, and the input context a screen is in.
public enum KeyMode: String, CaseIterable, Sendable, Hashable {
    /// Everywhere: panes, quit, help, redraw.
    case global
    /// Moving through a list or table (every pane, and views such as the seating chart).
    case list
    /// The guest list, on top of `list`.
    case guests
    /// The budget's categories and expenses, on top of `list`.
    case budget
    /// The vendor list, on top of `list`.
    case vendors
    /// The task list, on top of `list`.
    case tasks
    /// The milestones and the run sheet, on top of `list`.
    case timeline
    /// The gifts, the thank-yous to write and the money owed, on top of `list`.
    case gifts
    /// The seating chart, a table per row: moving, and Enter to list a table's guests.
    case seating
    /// A preview of changes to accept or drop (the seating suggestion).
    case preview
    /// The details of one record.
    case detail
    /// Editing a form: fields take typed text.
    case form
    /// A pick-list or yes/no field of a form has the focus.
    case choiceField
    /// A pick-list opened over a form.
    case pickList
    /// Editing keys of any text field (forms, search and the command line).
    case textEditing
    /// The `/` search line.
    case search
    /// The `:` command line.
    case commandLine
    /// A yes/no dialog; cancel is the default.
    case confirm
    /// Your edit lost to another session's: reload, overwrite or cancel.
    case conflict
    /// The help overlay.
    case help
    /// The cache and timing figures.
    case diagnostics
    /// The list of documents (every one, or one record's), and its trash.
    case documents
    /// The welcome screen of an empty data directory: create a wedding, or open a demo.
    case firstRun

    /// The section's heading in the help overlay.
    public var title: String {
        switch self {
        case .global: "Everywhere"
        case .list: "Lists and tables"
        case .guests: "Guests"
        case .budget: "Budget"
        case .vendors: "Vendors"
        case .tasks: "Tasks"
        case .timeline: "Timeline"
        case .gifts: "Gifts"
        case .seating: "Seating chart"
        case .preview: "Preview"
        case .detail: "Details"
        case .form: "Forms"
        case .choiceField: "Pick-list and yes/no fields"
        case .pickList: "Open pick-list"
        case .textEditing: "Text fields"
        case .search: "Search line"
        case .commandLine: "Command line"
        case .confirm: "Confirm dialog"
        case .conflict: "Edit conflict"
        case .help: "Help"
        case .diagnostics: "Diagnostics"
        case .documents: "Documents"
        case .firstRun: "Welcome screen (no wedding yet)"
        }
    }

    /// The section's stable name in the configuration file, `[keys.NAME]`; never renamed.
    public var name: String {
        switch self {
        case .global: "global"
        case .list: "list"
        case .guests: "guests"
        case .budget: "budget"
        case .vendors: "vendors"
        case .tasks: "tasks"
        case .timeline: "timeline"
        case .gifts: "gifts"
        case .seating: "seating"
        case .preview: "preview"
        case .detail: "detail"
        case .form: "form"
        case .choiceField: "choice-field"
        case .pickList: "pick-list"
        case .textEditing: "text-editing"
        case .search: "search"
        case .commandLine: "command-line"
        case .confirm: "confirm"
        case .conflict: "conflict"
        case .help: "help"
        case .diagnostics: "diagnostics"
        case .documents: "documents"
        case .firstRun: "first-run"
        }
    }

    /// The section named `name` in the configuration file.
    public init?(name: String) {
        guard let mode = KeyMode.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }

    /// The sections consulted in this mode, most specific first; `global` is consulted after them.
    public var layers: [KeyMode] {
        switch self {
        case .form: [.form, .textEditing]
        case .choiceField: [.choiceField, .form]
        case .search: [.search, .textEditing]
        case .commandLine: [.commandLine, .textEditing]
        case .guests, .budget, .vendors, .tasks, .timeline, .gifts: [self, .list]
        default: [self]
        }
    }

    /// Whether printable characters not bound in `layers` are typed text (in a pick-list field,
    /// a letter jumps to the first option that starts with it).
    public var capturesText: Bool {
        switch self {
        case .form, .choiceField, .search, .commandLine, .textEditing: true
        default: false
        }
    }

    /// Whether only control-key and function-key global bindings (Ctrl-L, Ctrl-Z, Ctrl-C, F1)
    /// reach past this mode, so that typing `q` in a field, or pressing Tab in a dialog, stays there.
    public var isModal: Bool {
        switch self {
        case .global, .list, .guests, .budget, .vendors, .tasks, .timeline, .gifts, .seating: false
        default: true
        }
    }
}

/// What a key does.
public enum KeyAction: Hashable, Sendable {
    // Everywhere.
    case quit, help, redraw, suspend, nextPane, previousPane, command, undo, diagnostics
    /// Does again the change the last undo took back.
    case redo
    /// Shows the last message whole: one cut in the status line, or an import's every problem.
    case showMessage
    /// Opens the form of the wedding's own settings.
    case settings
    /// Show pane `n`, as numbered in the header tabs: 0 the dashboard, 1 to 4 guests, budget,
    /// vendors and tasks, 5 the timeline, 6 the gifts, 7 the notes.
    case showPane(Int)
    // Lists and tables.
    case moveUp, moveDown, moveLeft, moveRight, pageUp, pageDown, top, bottom
    case search, nextMatch, previousMatch
    case add, edit, delete, toggle, activate, cancel
    case cycleSort, reverseSort, filter, clearFilters, switchView
    // Panes.
    /// Sets the selected guest's answer.
    case setRSVP(RSVPStatus)
    case markPaid, recordInstallment, book, expand, expandAll
    /// Edits (or deletes) the installments already recorded on the selected expense.
    case editInstallments
    /// Marks one installment of the selected expense paid or not paid, or deletes it (asks which).
    case changeInstallment
    /// Archives the selected vendor, or brings an archived one back.
    case archive
    /// Shows or hides archived vendors.
    case showArchived
    /// Shows the budget category in view: its money, expenses, and linked vendors and tasks.
    case categoryDetails
    /// Selects the next run-sheet item that clashes with another.
    case nextClash
    /// Marks the selected gift's thank-you sent (asking how), or not sent again.
    case markThanked
    /// Writes a note on the selected record, or the record in the details (on the wedding where
    /// no record is selected: the dashboard, the notes).
    case addNote
    /// Lists the documents of the selected vendor or expense, or of the record in the details.
    case showDocuments
    /// Opens the document with the pager or the system's opener (on a local terminal only).
    case openDocument
    /// Shows the documents in the trash, or those in use again.
    case showTrash
    /// Takes the document out of the trash.
    case restore
    /// Moves the seating chart's guest to the next or previous table.
    case moveToNextTable, moveToPreviousTable
    /// Moves the seating chart's guest, or their whole household, to the highlighted table.
    case moveGuestHere, moveHouseholdHere
    /// Asks for a table number and moves the seating chart's guest there.
    case moveToTableNumber
    /// Takes the seating chart's guest off their table.
    case unseatGuest
    /// Shows where the unseated attending guests could sit, to accept or drop.
    case suggestSeating
    /// Adds a keep-together or keep-apart rule between the seating chart's guest and others.
    case keepTogether, keepApart
    /// Lists every seating rule and whether the chart keeps it (a rule is deleted there).
    case ruleProblems
    /// Compares the budget scenario in view with the live budget, or with the next other scenario.
    case compareScenario
    /// Makes the budget scenario in view the live budget (asks first, saying what changes).
    case makeLive
    // Forms, pick-lists and the command line.
    case nextField, previousField, submit, previousOption, nextOption, openList, complete
    // Text fields.
    case cursorLeft, cursorRight, lineStart, lineEnd
    case deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWordBackward
    // Dialogs and views.
    case confirm, switchButton, reload, overwrite, refresh
    /// Makes a demo wedding and opens it (the welcome screen).
    case openDemo
    /// An action declared with its key alone (a pane's `HandledKeyCommand`), by its stable name
    /// in the configuration file; it needs no case here.
    case named(String)

    /// Actions the terminal app performs itself from the control-key global bindings, in every
    /// mode, before a screen sees the key.
    public var isHandledByApp: Bool { self == .quit || self == .redraw || self == .suspend }
}
