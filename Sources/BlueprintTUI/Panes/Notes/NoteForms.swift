import BlueprintDomain
import BlueprintStores
import Foundation

/// The form that writes a note, or edits one: its text on one line (the form's text fields
/// take one line; a note written elsewhere keeps its line breaks when edited here).
@MainActor
enum NoteForms {
    static func form(_ note: Note?, about: String) -> Form {
        Form(title: (note == nil ? "New note · " : "Edit note · ") + about,
             fields: [.text("text", "Note", note?.text ?? "", placeholder: "what to remember")])
    }

    /// Opens the form that writes a note on `subject`, or edits `note`; `saved` is told the
    /// note's id once it is saved.
    static func present(on subject: RecordSubject, editing note: Note? = nil, host: any PlannerHost,
                        saved: (@MainActor (UUID) -> Void)? = nil) {
        guard let notes = host.session?.notes else { return host.report("Open a wedding first", severity: .error) }
        let about = NoteText.about(subject, in: host.session)
        host.present(FormOverlay(form(note, about: about), store: notes) { form in
            let text = form["text"].text
            return .save(success: (note == nil ? "Wrote a note on " : "Saved the note on ") + about) {
                guard let note else {
                    let outcome = await notes.add(text, on: subject)
                    if outcome.isSaved, let added = notes.notes(of: subject).first { saved?(added.id) }
                    return outcome
                }
                let outcome = await notes.edit(note.id, text: text, version: note.version)
                if outcome.isSaved { saved?(note.id) }
                return outcome
            }
        })
    }
}
