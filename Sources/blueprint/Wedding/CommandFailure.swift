/// A command that could not do what was asked, with the reason for the person who typed it.
/// Printed as `Error: <description>` on standard error with exit status 1 (and, unlike a
/// `ValidationError`, without the usage text, which would bury the reason).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
