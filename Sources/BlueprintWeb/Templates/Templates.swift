import Mustache

/// The pages' Mustache templates, compiled into the binary so a release build serves alone.
/// Every value is written with `{{ }}`, which escapes HTML; none uses `{{{ }}}`.
enum Templates {
    /// The library of every page and partial, by name.
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        let templates = [
            "header": header, "footer": footer, "answers": answers,
            "textField": textField, "textAreaField": textAreaField, "selectField": selectField,
            "rsvp": rsvpPage, "thanks": thanksPage, "message": messagePage,
        ]
        for (name, text) in templates {
            try library.register(text, named: name)
        }
        return library
    }
}
