import Foundation
import HTTPTypes
import NIOCore

/// Who a request came from: the client's address and whether it used HTTPS. The
/// `X-Forwarded-For` and `X-Forwarded-Proto` headers count only when the peer is the trusted
/// proxy; from anyone else they are ignored, so a client cannot pick its own rate limit.
struct ClientOrigin: Sendable {
    var address: String
    var isHTTPS: Bool

    init(peer: SocketAddress?, headers: HTTPFields, trustedProxy: String?) {
        let peerAddress = peer?.ipAddress ?? "unknown"
        guard let trustedProxy, peerAddress == trustedProxy else {
            self.address = peerAddress
            self.isHTTPS = false
            return
        }
        // The proxy appends the address it saw: the last entry is the one it vouches for.
        let forwarded = headers[values: .xForwardedFor]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
        self.address = forwarded ?? peerAddress
        self.isHTTPS = headers[.xForwardedProto]?.lowercased() == "https"
    }
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
}
