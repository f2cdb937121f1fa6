import Foundation
import SystemPackage

/// A document's media type, as recognised when it is attached: by its file name's extension,
/// else by its first bytes (text when they are UTF-8 without NUL bytes).
public enum ContentTypes {
    /// How many of a file's first bytes are looked at.
    static let sniffedBytes = 4096

    private static let byExtension: [String: String] = [
        "pdf": "application/pdf", "txt": "text/plain", "text": "text/plain", "md": "text/markdown",
        "csv": "text/csv", "json": "application/json", "html": "text/html", "htm": "text/html",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "svg": "image/svg+xml", "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "odt": "application/vnd.oasis.opendocument.text", "ods": "application/vnd.oasis.opendocument.spreadsheet",
        "zip": "application/zip", "ics": "text/calendar",
    ]

    /// The media type of a file called `fileName` that starts with `head`.
    public static func guess(fileName: String, head: Data) -> String {
        let suffix = FilePath(fileName).extension?.lowercased() ?? ""
        if let known = byExtension[suffix] { return known }
        if head.starts(with: Data("%PDF-".utf8)) { return "application/pdf" }
        if !head.contains(0), isUTF8(head) { return "text/plain" }
        return "application/octet-stream"
    }

    /// Whether `bytes` are UTF-8, allowing a character cut off at the end.
    private static func isUTF8(_ bytes: Data) -> Bool {
        for cut in 0...min(3, bytes.count) where String(data: bytes.dropLast(cut), encoding: .utf8) != nil { return true }
        return false
    }
}
