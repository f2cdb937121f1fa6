import Foundation
import Glibc

/// What fills in the parts a database URL leaves out, as libpq takes them: the `PG*` variables
/// (`PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`, `PGPASSWORD`, `PGPASSFILE`, `PGSSLMODE`,
/// `PGSSLROOTCERT`), the home folder (for `~/.pgpass` and `~/.postgresql/root.crt`) and a way
/// to read a password file. Given to `DatabaseURL` so that parsing stays free of the process's
/// state: tests give their own, the program gives `process()`.
public struct ConnectionEnvironment: Sendable {
    /// The environment variables (only the `PG*` ones are looked at).
    public var variables: [String: String]
    /// The home folder, or nil for none (then there is no default password file or root certificate).
    public var home: String?
    /// Reads the password file at a path.
    public var readPasswordFile: @Sendable (String) -> PasswordFileRead

    public init(variables: [String: String], home: String?,
                readPasswordFile: @escaping @Sendable (String) -> PasswordFileRead) {
        self.variables = variables
        self.home = home
        self.readPasswordFile = readPasswordFile
    }

    /// Nothing beyond the URL: no variables, no home folder, no password file.
    public static let none = ConnectionEnvironment(variables: [:], home: nil, readPasswordFile: { _ in .missing })

    /// This process's environment, its home folder (`$HOME`, else the account's), and the
    /// password file as libpq reads it (`PasswordFileRead.reading`).
    public static func process() -> ConnectionEnvironment {
        let variables = ProcessInfo.processInfo.environment
        let home = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return ConnectionEnvironment(variables: variables, home: home, readPasswordFile: PasswordFileRead.reading)
    }

    /// The variable `name`, unless it is unset or empty (libpq takes an empty one as unset).
    func variable(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// What reading a password file found.
public enum PasswordFileRead: Equatable, Sendable {
    /// No file there: no password from it, and nothing to say.
    case missing
    /// The file's text.
    case text(String)
    /// The file is there but not used, and why ("has group or world access…").
    case ignored(String)

    /// The largest password file read.
    static let maximumSize = 1 << 20

    /// Reads the file at `path` as libpq does: used only if it is a regular file that neither
    /// its group nor others may read, write or run (mode 0600 or less).
    @Sendable public static func reading(_ path: String) -> PasswordFileRead {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        guard status.st_mode & S_IFMT == S_IFREG else { return .ignored("is not a regular file") }
        guard status.st_mode & (S_IRWXG | S_IRWXO) == 0 else {
            return .ignored("has group or world access; permissions should be u=rw (0600) or less")
        }
        guard Int(status.st_size) <= maximumSize else { return .ignored("is larger than \(maximumSize) bytes") }
        guard let data = FileManager.default.contents(atPath: path) else { return .ignored("cannot be read") }
        return .text(String(decoding: data, as: UTF8.self))
    }
}
