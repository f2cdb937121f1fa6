import BlueprintDomain
import BlueprintTerminal

/// A form's state: its fields, which one has the focus, an open pick-list, the problems found
/// when it was last submitted, and the fields another session changed while it was open, each
/// shown beside its field.
///
/// The form knows nothing of records: a pane fills it from one, and builds and validates a
/// record from it on submit.
public struct Form: Hashable, Sendable {
    /// What a key did to the form, when it is for the form's owner.
    public enum Event: Hashable, Sendable {
        case submit, cancel
    }

    /// A field another session changed while the form was open (see `follow(_:)`).
    public struct ChangeElsewhere: Hashable, Sendable {
        /// Their value, as the field shows it.
        public let theirs: String
        /// Whether their value was taken into the field (it had not been touched); otherwise the
        /// field keeps what was typed.
        public let taken: Bool
    }

    public let title: String
    public private(set) var fields: [FormField]
    public private(set) var focus = 0
    /// The highlighted option of the focused field's open pick-list; nil when none is open.
    public private(set) var pickListSelection: Int?
    /// Problems by field name, from the last submit; a field's problem goes once it is edited.
    public private(set) var issues: [String: String] = [:]
    /// Problems that name no field of the form, shown at its foot.
    public private(set) var generalIssues: [String] = []
    /// The fields another session changed since the form opened, by field name.
    public private(set) var changedElsewhere: [String: ChangeElsewhere] = [:]
    /// Each field's text as the record last read held it: when the form opened, or as another
    /// session's change left it; a field whose text differs has been edited here.
    private var recordTexts: [String]

    public init(title: String, fields: [FormField]) {
        precondition(!fields.isEmpty, "a form needs at least one field")
        self.title = title
        self.fields = fields
        recordTexts = fields.map(\.text)
    }

    /// The mode keys are resolved in: the open pick-list, a choice field, or a text field.
    public var keyMode: KeyMode {
        if pickListSelection != nil { return .pickList }
        return fields[focus].isChoice ? .choiceField : .form
    }

    /// Whether any field differs from the record it shows (as it opened, or as another session's
    /// change, taken in, left it).
    public var isDirty: Bool { fields.map(\.text) != recordTexts }

    /// Takes in `latest`, the form as the record in its store now fills it: each field whose value
    /// changed since the form last read the record takes the new value if it was not edited here,
    /// and keeps what was typed if it was; either way it is marked in `changedElsewhere`.
    public mutating func follow(_ latest: Form) {
        for index in fields.indices {
            guard let theirs = latest.fields.first(where: { $0.name == fields[index].name }),
                  theirs.text != recordTexts[index] else { continue }
            let untouched = fields[index].text == recordTexts[index]
            if untouched { fields[index].value = theirs.value }
            recordTexts[index] = theirs.text
            changedElsewhere[fields[index].name] = ChangeElsewhere(theirs: theirs.text, taken: untouched)
        }
    }

    public var focusedField: FormField { fields[focus] }

    /// The field called `name`.
    public subscript(name: String) -> FormField {
        guard let field = fields.first(where: { $0.name == name }) else {
            preconditionFailure("the form \(title) has no field \(name)")
        }
        return field
    }

    /// The text of field `name`, trimmed of surrounding spaces.
    public func trimmed(_ name: String) -> String {
        self[name].text.trimmingCharacters(in: .whitespaces)
    }

    /// Whether the yes/no field `name` is on.
    public func isOn(_ name: String) -> Bool { self[name].selectedIndex == 1 }

    /// Handles a key: moving between fields, editing the focused one, the pick-list. Returns the
    /// event for the form's owner (Enter, Esc), or nil.
    public mutating func handle(_ key: Key, keymap: Keymap = .standard) -> Event? {
        if pickListSelection != nil, !fields[focus].isChoice {
            pickListSelection = nil
            return nil
        }
        let mode = keyMode
        switch keymap.resolve(key, in: mode) {
        case .action(let action):
            if let perform = Self.keyCommands.handler(for: action, in: mode) { return perform(&self) }
            if mode != .pickList { editText { $0.apply(action) } }
        case .text(let character):
            switch fields[focus].value {
            case .text: editText { $0.insert(String(character)); return true }
            case .choice(let choice):
                if let index = choice.option(startingWith: character, after: choice.selected) { select(index) }
            }
        case .unbound:
            // In an open pick-list, a letter jumps to the next choice that starts with it.
            if let highlighted = pickListSelection, case .choice(let choice) = fields[focus].value,
               let character = key.printableCharacter, let index = choice.option(startingWith: character, after: highlighted) {
                pickListSelection = index
            }
        }
        return nil
    }

    /// Moves the focus to field `name`.
    public mutating func focus(on name: String) {
        if let index = fields.firstIndex(where: { $0.name == name }) { focus = index }
    }

    /// Shows `problems` beside their fields (a field named `installments[2].amount` counts as
    /// `installments`) in place of those shown before, and moves the focus to the first field
    /// with one unless `focusingFirst` is false.
    public mutating func show(_ problems: [ValidationIssue], focusingFirst: Bool = true) {
        issues = [:]
        generalIssues = []
        for problem in problems {
            let name = String(problem.field.prefix { $0 != "[" && $0 != "." })
            if fields.contains(where: { $0.name == name }) {
                issues[name] = issues[name].map { $0 + "; " + problem.message } ?? problem.message
            } else {
                generalIssues.append(problem.description)
            }
        }
        if focusingFirst, let first = fields.firstIndex(where: { issues[$0.name] != nil }) { focus = first }
    }

    /// Moves the open pick-list's highlight `offset` choices on, within its choices.
    private mutating func highlight(by offset: Int) {
        guard let highlighted = pickListSelection, case .choice(let choice) = fields[focus].value else { return }
        pickListSelection = min(max(0, highlighted + offset), choice.options.count - 1)
    }

    private mutating func step(by offset: Int) {
        guard case .choice(let choice) = fields[focus].value else { return }
        select((choice.selected + offset + choice.options.count) % choice.options.count)
    }

    private mutating func select(_ index: Int) {
        guard case .choice(var choice) = fields[focus].value else { return }
        choice.selected = index
        fields[focus].value = .choice(choice)
        issues[fields[focus].name] = nil
    }

    private mutating func editText(_ edit: (inout TextField) -> Bool) {
        guard case .text(var field) = fields[focus].value else { return }
        let before = field
        _ = edit(&field)
        guard field != before else { return }
        fields[focus].value = .text(field)
        issues[fields[focus].name] = nil
    }
}

extension Form {
    /// The keys of a form, of its pick-list and yes/no fields, and of an open pick-list; the
    /// text-editing keys are the focused text field's (`TextField.keyCommands`).
    nonisolated static let keyCommands: [HandledKeyCommand<@Sendable (inout Form) -> Event?>] = [
        HandledKeyCommand(.form, [.tab, .down], .nextField, "Next field") { form in
            form.focus = (form.focus + 1) % form.fields.count
            return nil
        },
        HandledKeyCommand(.form, [.backTab, .up], .previousField, "Previous field") { form in
            form.focus = (form.focus + form.fields.count - 1) % form.fields.count
            return nil
        },
        HandledKeyCommand(.form, [.enter], .submit, "Save") { _ in .submit },
        HandledKeyCommand(.form, [.escape], .cancel, "Cancel (asks before dropping edits)") { _ in .cancel },

        HandledKeyCommand(.choiceField, [.left], .previousOption, "Previous choice") { form in
            form.step(by: -1)
            return nil
        },
        HandledKeyCommand(.choiceField, [.right], .nextOption, "Next choice") { form in
            form.step(by: 1)
            return nil
        },
        HandledKeyCommand(.choiceField, [.character(" ")], .openList, "Open the pick-list (a letter jumps to a choice)") { form in
            form.pickListSelection = form.fields[form.focus].selectedIndex
            return nil
        },

        HandledKeyCommand(.pickList, [.character("k"), .up], .moveUp, "Previous choice") { form in
            form.highlight(by: -1)
            return nil
        },
        HandledKeyCommand(.pickList, [.character("j"), .down], .moveDown, "Next choice") { form in
            form.highlight(by: 1)
            return nil
        },
        HandledKeyCommand(.pickList, [.enter, .character(" ")], .activate, "Choose (a letter jumps to a choice)") { form in
            if let highlighted = form.pickListSelection { form.select(highlighted) }
            form.pickListSelection = nil
            return nil
        },
        HandledKeyCommand(.pickList, [.escape], .cancel, "Close the list") { form in
            form.pickListSelection = nil
            return nil
        },
    ]
}
