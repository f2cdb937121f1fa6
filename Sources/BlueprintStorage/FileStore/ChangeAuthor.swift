import BlueprintDomain
import Foundation
import Glibc

/// Who a process writes as, so that a wedding's changes, notes and documents say who made them.
public enum ChangeAuthor {
    /// The configuration's `name` when it gives one, else this process's login name.
    public static func current(named configured: String? = nil) -> String {
        if let configured, !configured.trimmingCharacters(in: .whitespaces).isEmpty { return configured }
        return loginName()
    }

    /// The login name of this process's user (from the password database, else `$USER`).
    public static func loginName() -> String {
        getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
            ?? ProcessInfo.processInfo.environment["USER"] ?? "uid \(geteuid())"
    }

    /// The machine's name (from `gethostname`, never a name lookup, which could wait on the network).
    public static func hostName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        return gethostname(&name, name.count - 1) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
    }

    /// Who this session is to the others present: the person's name (the configured `name`, else
    /// the login name), `user@host`, the host and this process's id.
    public static func presenceIdentity(name: String? = nil) -> PresenceIdentity {
        PresenceIdentity(name: current(named: name), account: "\(loginName())@\(hostName())", host: hostName(), pid: getpid())
    }
}
