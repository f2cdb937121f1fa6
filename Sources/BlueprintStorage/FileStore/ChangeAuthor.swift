import BlueprintDomain
import Foundation
import Glibc

/// Who a process writes as: `user@host`, so that a wedding's changes can say who made them.
public enum ChangeAuthor {
    /// The login name of this process's user and the machine's name (from `gethostname`, never
    /// a name lookup, which could wait on the network).
    public static func current() -> String { "\(loginName())@\(hostName())" }

    /// The login name of this process's user.
    public static func loginName() -> String {
        getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
            ?? ProcessInfo.processInfo.environment["USER"] ?? "uid \(geteuid())"
    }

    /// The machine's name.
    public static func hostName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        return gethostname(&name, name.count - 1) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
    }

    /// Who this session is to the others present: the person's name (`name`, the configured one,
    /// else the login name), `user@host`, the host and this process's id.
    public static func presenceIdentity(name: String? = nil) -> PresenceIdentity {
        let shown = name.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? loginName()
        return PresenceIdentity(name: shown, account: current(), host: hostName(), pid: getpid())
    }
}
