import Foundation

/// Arguments are read as UTF-8: one that is not (a file name made under another encoding) would
/// reach the command with its bad bytes replaced, so `-o` would write to a name nobody typed.
/// Such an argument is refused before anything runs.
enum ArgumentEncoding {
    /// The position (from 1) of the first argument that is not UTF-8, if any.
    static func firstInvalidArgument() -> Int? {
        (1..<Int(CommandLine.argc)).first { index in
            CommandLine.unsafeArgv[index].map { String(validatingCString: $0) == nil } ?? false
        }
    }
}
