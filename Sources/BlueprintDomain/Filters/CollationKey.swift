/// Sort keys that order text as people expect in a list of names: case and accents are ignored
/// first (Ábrego sorts with the A's, Ödegaard with the O's, zoë next to Zoe), and only two texts
/// equal that way are ordered by their exact characters, so the order is total and stable.
///
/// A key is the text folded as `TextQuery` folds it, a zero byte, then the text's NFC form, both
/// as the UTF-8 of their NFC form: comparing two keys byte by byte (`memcmp`, as a list sorts in bulk) compares the
/// folded texts and then the exact ones. This is the primary level of most languages'
/// collation; orders particular to one language (Swedish å, ä, ö after z) are not applied: they
/// would need ICU's collator, which Foundation on Linux does not expose as sort keys.
public enum CollationKey {
    /// Appends the key of `text` to `bytes`.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        var contiguous = text
        let ascii: Bool = contiguous.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in utf8 where byte != 0 {
                bytes.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
            }
            bytes.append(0)
            bytes.append(contentsOf: utf8)  // ASCII is its own NFC
            return true
        }
        guard !ascii else { return }
        var folded = String.UnicodeScalarView()
        folded.append(contentsOf: TextFolding.fold(text).lazy.filter { $0 != "\u{0}" })
        bytes.append(contentsOf: String(folded)._nfcCodeUnits)
        bytes.append(0)
        // The standard library's NFC form (public, if underscored: no other API gives it).
        bytes.append(contentsOf: text._nfcCodeUnits)
    }

    /// The key of `text`.
    public static func key(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return bytes
    }
}
