import SystemPackage

/// The parts of a path as typed: the folder that holds it and its last name.
///
/// Foundation's `NSString` path methods are not used: on Linux `deletingLastPathComponent` traps
/// on some short paths (`a`, `-`), which killed `export … -o a` after it had written the file.
/// swift-system's `FilePath` splits paths without touching the disk.
public enum PathName {
    /// The folder holding `path`: `.` for a bare name such as `out.csv`, `/` for `/out.csv`.
    public static func folder(of path: String) -> String {
        let parent = FilePath(path).removingLastComponent()
        return parent.isEmpty ? "." : parent.string
    }

    /// The last name of `path` (`out.csv` of `exports/out.csv`); `path` itself when it has none (`/`).
    public static func fileName(of path: String) -> String {
        FilePath(path).lastComponent?.string ?? path
    }

    /// Whether `path` can only name a folder, whatever is on disk: it ends in `/`, or is `.` or `..`.
    public static func namesFolder(_ path: String) -> Bool {
        path.hasSuffix("/") || [".", ".."].contains(fileName(of: path))
    }
}
