import Crypto
import Foundation

/// A document's SHA-256 computed piece by piece, as its bytes stream past: a large file is
/// hashed while it is copied, never held in memory whole.
public struct ContentHasher: Sendable {
    private var hash = SHA256()

    public init() {}

    /// Adds the next bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bufferPointer: bytes) }

    /// The SHA-256 of everything added, in lower-case hex (as `Document.sha256` holds it).
    public func finish() -> String {
        hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
