/// The configuration file's `[serve]` section: how `blueprint serve` is reached, as written
/// (the command and `doctor` check them). Each is nil when the file does not set it; an option
/// given to `serve` wins over it.
public struct ServeSettings: Hashable, Sendable {
    /// `listen`: `ADDR:PORT` to listen on.
    public var listen: String?
    /// `base-url`: the public address guests open.
    public var baseURL: String?
    /// `trusted-proxy`: the proxy whose forwarding headers are believed.
    public var trustedProxy: String?

    public init(listen: String? = nil, baseURL: String? = nil, trustedProxy: String? = nil) {
        self.listen = listen
        self.baseURL = baseURL
        self.trustedProxy = trustedProxy
    }

    /// The section's name, `[serve]`.
    public static let table = "serve"
    /// The settings the section knows, as written in it.
    public static let settingNames = ["listen", "base-url", "trusted-proxy"]

    /// Whether the file sets any of them.
    public var isEmpty: Bool { listen == nil && baseURL == nil && trustedProxy == nil }
}
