import Foundation
import Glibc

/// Who a process writes as: `user@host`, so that a wedding's changes can say who made them.
public enum ChangeAuthor {
    /// The login name of this process's user and the machine's name (from `gethostname`, never
    /// a name lookup, which could wait on the network).
    public static func current() -> String {
        let user = getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
            ?? ProcessInfo.processInfo.environment["USER"] ?? "uid \(geteuid())"
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count - 1) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
        return "\(user)@\(host)"
    }
}
