import Crypto
import Foundation

/// A wedding's secret for its invitation links: 32 random bytes, made once per wedding and
/// readable only by those who may write the wedding (see `InvitationSecrets`).
public struct InvitationSecret: Sendable, Equatable {
    /// The secret's bytes.
    public let bytes: Data

    /// The secret `bytes`, which must be 32 bytes long.
    public init?(bytes: Data) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// A new random secret.
    public static func random() -> InvitationSecret {
        InvitationSecret(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })!
    }

    /// How long a secret is.
    public static let byteCount = 32
}

/// The token of a household's link: base64url (no padding) of HMAC-SHA256(secret, wedding id ‖
/// household ‖ generation), 43 characters carrying 256 bits. It is derived, not stored, so the
/// links can be listed again; revoking bumps the generation, which gives a new token.
public struct InvitationToken: Sendable, Hashable, CustomStringConvertible {
    /// The token as it appears in the link.
    public let text: String

    public init(_ text: String) { self.text = text }

    /// The token of `household`'s link at `generation`.
    public init(secret: InvitationSecret, wedding: WeddingID, household: String, generation: Int) {
        var message = Data(wedding.description.utf8)
        for part in [household, String(generation)] {
            message.append(0)
            message.append(contentsOf: part.utf8)
        }
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret.bytes))
        text = Data(code).base64URLEncodedString()
    }

    /// Lower-case hex SHA-256 of the token's text: what an `Invitation` keeps.
    public var hash: String { Self.hash(of: text) }

    /// Lower-case hex SHA-256 of `text`.
    public static func hash(of text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    public var description: String { text }
}

extension Invitation {
    /// Whether `hash` (lower-case hex) is this invitation's token hash, compared in constant
    /// time: every byte is looked at whatever differs first.
    public func matches(tokenHash hash: String) -> Bool {
        let ours = Array(tokenHash.utf8), theirs = Array(hash.utf8)
        guard ours.count == theirs.count else { return false }
        var difference: UInt8 = 0
        for index in ours.indices { difference |= ours[index] ^ theirs[index] }
        return difference == 0
    }
}

extension Data {
    /// The bytes in base64url without padding (RFC 4648 §5): safe in a URL's path and in a form
    /// field, where `+` would be read as a space.
    public func base64URLEncodedString() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text` in base64url, with or without padding; `nil` for anything else.
    public init?(base64URLEncoded text: String) {
        guard text.utf8.allSatisfy({ byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "=")
        }) else { return nil }
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            .replacingOccurrences(of: "=", with: "")
        self.init(base64Encoded: standard + String(repeating: "=", count: (4 - standard.count % 4) % 4))
    }
}
