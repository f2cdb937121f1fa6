import BlueprintTerminal

/// One field of a form: a text field, or a choice among fixed options (a pick-list, or a
/// yes/no toggle).
public struct FormField: Hashable, Sendable {
    /// A choice among `options`, shown by their labels.
    public struct Choice: Hashable, Sendable {
        public let options: [String]
        public var selected: Int

        public init(_ options: [String], selected: Int = 0) {
            precondition(!options.isEmpty, "a choice needs at least one option")
            self.options = options
            self.selected = min(max(0, selected), options.count - 1)
        }

        public var label: String { options[selected] }

        /// The next option (wrapping around) whose label starts with `character`, from after
        /// option `start`.
        func option(startingWith character: Character, after start: Int) -> Int? {
            let wanted = String(character).lowercased()
            for step in 1...options.count {
                let index = (start + step) % options.count
                if options[index].lowercased().hasPrefix(wanted) { return index }
            }
            return nil
        }
    }

    public enum Value: Hashable, Sendable {
        case text(TextField)
        case choice(Choice)
    }

    /// The field's name as the domain's `ValidationIssue`s call it ("firstName", "table").
    public let name: String
    public let label: String
    public var value: Value
    /// Shown in an empty text field: the expected shape ("yyyy-mm-dd").
    public let placeholder: String

    public init(name: String, label: String, value: Value, placeholder: String = "") {
        self.name = name
        self.label = label
        self.value = value
        self.placeholder = placeholder
    }

    /// A text field holding `text`.
    public static func text(_ name: String, _ label: String, _ text: String, placeholder: String = "") -> FormField {
        FormField(name: name, label: label, value: .text(TextField(text)), placeholder: placeholder)
    }

    /// A pick-list of `options` with `selected` chosen.
    public static func choice(_ name: String, _ label: String, _ options: [String], selected: Int) -> FormField {
        FormField(name: name, label: label, value: .choice(Choice(options, selected: selected)))
    }

    /// A yes/no field.
    public static func toggle(_ name: String, _ label: String, _ isOn: Bool) -> FormField {
        FormField(name: name, label: label, value: .choice(Choice(["No", "Yes"], selected: isOn ? 1 : 0)))
    }

    public var isChoice: Bool {
        if case .choice = value { return true }
        return false
    }

    /// The text typed, or the chosen option's label.
    public var text: String {
        switch value {
        case .text(let field): field.text
        case .choice(let choice): choice.label
        }
    }

    /// The index of the chosen option; 0 for a text field.
    public var selectedIndex: Int {
        if case .choice(let choice) = value { return choice.selected }
        return 0
    }
}
