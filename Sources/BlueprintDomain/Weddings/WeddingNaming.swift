import Foundation

/// The rules for a wedding's name within a data directory, shared by every way of naming one
/// (`blueprint wedding create` and `rename`, the first-run form, demo weddings).
///
/// A name is how a person picks a wedding (`--wedding NAME`, `:wedding NAME`), and names are
/// matched ignoring case and surrounding spaces, so a new name must not answer to an existing
/// wedding's name nor look like a wedding id.
public enum WeddingNaming {
    /// `name` as it is stored: without surrounding spaces and line breaks.
    public static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `name` picks `wedding` (as `findWedding` matches names: ignoring case and surrounding spaces).
    public static func matches(_ name: String, _ wedding: Wedding) -> Bool {
        normalized(wedding.name).compare(normalized(name), options: [.caseInsensitive]) == .orderedSame
    }

    /// What is wrong with giving `name` to a wedding among `existing` (leaving out the wedding
    /// `renaming`, which may keep its name or change its case); each issue names the field `name`.
    public static func issues(for name: String, among existing: [Wedding], renaming: WeddingID? = nil) -> [ValidationIssue] {
        let wanted = normalized(name)
        if wanted.isEmpty { return [ValidationIssue(field: "name", message: "a wedding name is required")] }
        if WeddingID(string: wanted) != nil {
            return [ValidationIssue(field: "name", message: "'\(wanted)' looks like a wedding id; choose a name")]
        }
        if let taken = existing.first(where: { $0.weddingID != renaming && matches(wanted, $0) }) {
            return [ValidationIssue(field: "name", message: "a wedding named '\(taken.name)' already exists")]
        }
        return []
    }

    /// `name` if no wedding among `existing` answers to it, else the first free of "name (2)",
    /// "name (3)", …: for a name the user did not choose (a demo wedding's couple).
    public static func unused(_ name: String, among existing: [Wedding]) -> String {
        let base = normalized(name)
        var candidate = base, number = 1
        while existing.contains(where: { matches(candidate, $0) }) {
            number += 1
            candidate = "\(base) (\(number))"
        }
        return candidate
    }
}
