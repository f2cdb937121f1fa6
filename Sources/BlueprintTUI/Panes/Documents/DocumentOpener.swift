import BlueprintDomain

/// How the planner opens a document: over ssh it cannot (the program would run on the server,
/// not in front of the user), so it says where the file is; on a local terminal, text goes to
/// `$PAGER` (else `less`) and anything else to the system's opener, `xdg-open`.
enum DocumentOpener {
    enum Choice: Equatable {
        /// The session is over ssh: show the stored file's path (to copy it with `scp`).
        case overSSH(path: String)
        /// Run this program and its arguments, with the terminal handed to it.
        case run([String])
    }

    /// What opening `document`, stored at `path`, does in a process with `environment`.
    static func choice(for document: Document, at path: String, environment: [String: String]) -> Choice {
        if isOverSSH(environment) { return .overSSH(path: path) }
        guard document.isText else { return .run(["xdg-open", path]) }
        // $PAGER as git and man take it: a program and its options, split at spaces.
        let pager = (environment["PAGER"] ?? "").split(separator: " ").map(String.init)
        return .run((pager.isEmpty ? ["less"] : pager) + [path])
    }

    /// Whether the environment is an ssh session's (`SSH_CONNECTION` or `SSH_TTY` set).
    static func isOverSSH(_ environment: [String: String]) -> Bool {
        ["SSH_CONNECTION", "SSH_TTY"].contains { !(environment[$0] ?? "").isEmpty }
    }
}
