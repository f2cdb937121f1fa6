import BlueprintDomain

extension KeyAction {
    /// The action's stable name in the configuration file (`add = "+"`); never renamed.
    public var name: String {
        switch self {
        case .quit: "quit"
        case .help: "help"
        case .redraw: "redraw"
        case .suspend: "suspend"
        case .nextPane: "next-pane"
        case .previousPane: "previous-pane"
        case .command: "command"
        case .undo: "undo"
        case .redo: "redo"
        case .diagnostics: "diagnostics"
        case .showMessage: "show-message"
        case .settings: "settings"
        case .openDemo: "open-demo"
        case .showPane(let number): "show-pane-\(number)"
        case .moveUp: "move-up"
        case .moveDown: "move-down"
        case .moveLeft: "move-left"
        case .moveRight: "move-right"
        case .pageUp: "page-up"
        case .pageDown: "page-down"
        case .top: "top"
        case .bottom: "bottom"
        case .search: "search"
        case .nextMatch: "next-match"
        case .previousMatch: "previous-match"
        case .add: "add"
        case .edit: "edit"
        case .delete: "delete"
        case .toggle: "toggle"
        case .activate: "activate"
        case .cancel: "cancel"
        case .cycleSort: "cycle-sort"
        case .reverseSort: "reverse-sort"
        case .filter: "filter"
        case .clearFilters: "clear-filters"
        case .switchView: "switch-view"
        case .setRSVP(let status): "rsvp-" + status.rawValue
        case .markPaid: "mark-paid"
        case .recordInstallment: "record-installment"
        case .editInstallments: "edit-installments"
        case .changeInstallment: "change-installment"
        case .book: "book"
        case .archive: "archive"
        case .showArchived: "show-archived"
        case .expand: "expand"
        case .expandAll: "expand-all"
        case .categoryDetails: "category-details"
        case .nextClash: "next-clash"
        case .markThanked: "mark-thanked"
        case .addNote: "add-note"
        case .showDocuments: "show-documents"
        case .openDocument: "open-document"
        case .showTrash: "show-trash"
        case .restore: "restore"
        case .moveToNextTable: "move-to-next-table"
        case .moveToPreviousTable: "move-to-previous-table"
        case .moveGuestHere: "move-guest-here"
        case .moveHouseholdHere: "move-household-here"
        case .moveToTableNumber: "move-to-table-number"
        case .unseatGuest: "unseat-guest"
        case .suggestSeating: "suggest-seating"
        case .keepTogether: "keep-together"
        case .keepApart: "keep-apart"
        case .ruleProblems: "rule-problems"
        case .compareScenario: "compare-scenario"
        case .makeLive: "make-live"
        case .nextField: "next-field"
        case .previousField: "previous-field"
        case .submit: "submit"
        case .previousOption: "previous-option"
        case .nextOption: "next-option"
        case .openList: "open-list"
        case .complete: "complete"
        case .cursorLeft: "cursor-left"
        case .cursorRight: "cursor-right"
        case .lineStart: "line-start"
        case .lineEnd: "line-end"
        case .deleteBackward: "delete-backward"
        case .deleteForward: "delete-forward"
        case .deleteToStart: "delete-to-start"
        case .deleteToEnd: "delete-to-end"
        case .deleteWordBackward: "delete-word-backward"
        case .confirm: "confirm"
        case .switchButton: "switch-button"
        case .reload: "reload"
        case .overwrite: "overwrite"
        case .refresh: "refresh"
        case .named(let name): name
        }
    }

    /// Every action a key can be bound to: each case, with one `showPane` per header tab and one
    /// `setRSVP` per answer, then the actions declared by name with their keys (`named`).
    public static let all: [KeyAction] = withCases + KeyCommand.standard.compactMap { command -> KeyAction? in
        guard case .named = command.action else { return nil }
        return command.action
    }.reduce(into: [KeyAction]()) { named, action in
        if !named.contains(action) { named.append(action) }
    }

    private static let withCases: [KeyAction] = [
        .quit, .help, .redraw, .suspend, .nextPane, .previousPane, .command, .undo, .redo, .diagnostics, .showMessage, .settings, .openDemo,
    ] + HeaderBar.paneTitles.indices.map { .showPane($0) } + [
        .moveUp, .moveDown, .moveLeft, .moveRight, .pageUp, .pageDown, .top, .bottom,
        .search, .nextMatch, .previousMatch, .add, .edit, .delete, .toggle, .activate, .cancel,
        .cycleSort, .reverseSort, .filter, .clearFilters, .switchView,
    ] + RSVPStatus.allCases.map { .setRSVP($0) } + [
        .markPaid, .recordInstallment, .editInstallments, .changeInstallment,
        .book, .archive, .showArchived, .expand, .expandAll, .categoryDetails, .nextClash,
        .markThanked, .addNote, .showDocuments, .openDocument, .showTrash, .restore, .moveToNextTable, .moveToPreviousTable, .moveGuestHere, .moveHouseholdHere, .moveToTableNumber, .unseatGuest,
        .suggestSeating,
        .keepTogether, .keepApart, .ruleProblems, .compareScenario, .makeLive,
        .nextField, .previousField, .submit, .previousOption, .nextOption, .openList, .complete,
        .cursorLeft, .cursorRight, .lineStart, .lineEnd,
        .deleteBackward, .deleteForward, .deleteToStart, .deleteToEnd, .deleteWordBackward,
        .confirm, .switchButton, .reload, .overwrite, .refresh,
    ]

    private static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The action named `name` in the configuration file.
    public init?(name: String) {
        guard let action = Self.byName[name] else { return nil }
        self = action
    }
}
