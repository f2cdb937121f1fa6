import Foundation
import Glibc

/// What `serve`'s settings must be, for `serve` itself and for `doctor`.
enum ServeSettingsCheck {
    /// Whether `text` is an http:// or https:// address with a host.
    static func isWebAddress(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else { return false }
        return components.scheme == "https" || components.scheme == "http"
    }

    /// Whether `text` is an IPv4 or IPv6 address (what a proxy is named by: the peer's address).
    static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    /// Whether `host` is this machine only (127.0.0.0/8, ::1, localhost).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.") && isIPAddress(host)
    }
}
