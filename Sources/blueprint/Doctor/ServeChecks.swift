import BlueprintConfiguration
import BlueprintStorage
import Foundation

/// `doctor`'s checks of the RSVP server's settings (the configuration file's `[serve]`) and of
/// each wedding's invitation secret, which must be readable by its owner alone.
struct ServeChecks {
    let settings: ServeSettings
    /// The data directory's wedding folders.
    let weddingFolders: [String]

    var section: CheckSection {
        CheckSection(title: "RSVP server (blueprint serve)", checks: settingChecks + secretChecks)
    }

    private var settingChecks: [Check] {
        guard !settings.isEmpty else {
            return [.ok("no [serve] settings: `blueprint serve` listens on 127.0.0.1:8080 with links to http://127.0.0.1:8080")]
        }
        var checks: [Check] = []
        if let listen = settings.listen {
            if let address = ListenAddress(argument: listen) {
                checks.append(ServeSettingsCheck.isLoopback(address.host) || settings.trustedProxy != nil
                    ? .ok("listen \(listen)")
                    : .warning("listen \(listen) is reachable from other machines without a proxy in front",
                               fix: "listen on 127.0.0.1 behind a TLS proxy, and set [serve] trusted-proxy to its address"))
            } else {
                checks.append(.problem("listen \"\(listen)\" is not ADDR:PORT", fix: "write it as \"127.0.0.1:8080\" or \"[::1]:8080\""))
            }
        }
        if let baseURL = settings.baseURL {
            if !ServeSettingsCheck.isWebAddress(baseURL) {
                checks.append(.problem("base-url \"\(baseURL)\" is not an http:// or https:// address",
                                       fix: "write the address guests open, such as \"https://rsvp.example.com\""))
            } else if baseURL.hasPrefix("https://") || ServeSettingsCheck.isLoopback(URLComponents(string: baseURL)?.host ?? "") {
                checks.append(.ok("base-url \(baseURL)"))
            } else {
                checks.append(.problem("base-url \(baseURL) is not https: guests' answers and links would cross the internet unencrypted",
                                       fix: "put a TLS proxy in front (README: Guests answer online) and use its https:// address"))
            }
        }
        if let proxy = settings.trustedProxy {
            checks.append(ServeSettingsCheck.isIPAddress(proxy)
                ? .ok("trusted-proxy \(proxy)")
                : .problem("trusted-proxy \"\(proxy)\" is not an IP address, so no proxy's forwarding headers count",
                           fix: "write the address the proxy connects from, such as \"127.0.0.1\""))
        }
        return checks
    }

    private var secretChecks: [Check] {
        weddingFolders.compactMap { folder in
            let path = FileStore.invitationSecretPath(inFolder: folder)
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            let mode = status.st_mode & 0o777
            return mode & 0o077 == 0
                ? .ok("\(path) is readable by its owner only")
                : .problem("\(path) has mode \(String(mode, radix: 8)): others can read the secret every link is made from",
                           fix: "chmod 600 \(path)")
        }
    }
}
