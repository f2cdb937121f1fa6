import Foundation
import Glibc

/// A TCP socket bound to 127.0.0.1 on a port the system chose (bound to port 0), for tests
/// that need a port of their own: a test server to start there, or a fake server to answer on it.
/// Test servers listen on the loopback address only.
public enum LoopbackSocket {
    /// A new socket bound to 127.0.0.1 (listening, if `listening`) and its port. The caller
    /// closes the descriptor.
    public static func bind(listening: Bool) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                Glibc.bind(descriptor, address, length) == 0 && (!listening || listen(descriptor, 8) == 0)
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            close(descriptor)
            throw failure
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
