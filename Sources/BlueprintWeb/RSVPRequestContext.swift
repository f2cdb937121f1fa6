import Hummingbird
import NIOCore

/// The request context of the RSVP server: Hummingbird's, plus the peer's address.
public struct RSVPRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connected peer (the proxy, when there is one); `nil` in router tests.
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
