import Foundation
import Glibc

/// Who a process writes as, so that a wedding's changes, notes and documents say who made them.
public enum ChangeAuthor {
    /// The configuration's `name` when it gives one, else this process's login name.
    public static func current(named configured: String? = nil) -> String {
        if let configured, !configured.trimmingCharacters(in: .whitespaces).isEmpty { return configured }
        return loginName
    }

    /// The login name of this process's user (from the password database, else `$USER`).
    public static var loginName: String {
        getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
            ?? ProcessInfo.processInfo.environment["USER"] ?? "uid \(geteuid())"
    }
}
