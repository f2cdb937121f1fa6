import Crypto
import Foundation

/// The form token of a household's page: an HMAC of its link token under a key the server
/// makes when it starts, so a post made on another site (which cannot read the page) fails.
/// A restart makes a new key; a page left open across one asks the guest to send it again.
public struct FormTokenKey: Sendable {
    private let key: SymmetricKey

    /// A new random 256-bit key.
    public init() { key = SymmetricKey(size: .bits256) }

    /// The hidden field's value for the page of `linkToken` (base64url: a form encoder that
    /// leaves `+` alone would turn it into a space).
    func token(for linkToken: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(linkToken.utf8), using: key)).base64URLEncodedString()
    }

    /// Whether `formToken` is the page's token, compared in constant time.
    func accepts(_ formToken: String?, for linkToken: String) -> Bool {
        guard let formToken, let code = Data(base64URLEncoded: formToken) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(linkToken.utf8), using: key)
    }
}
