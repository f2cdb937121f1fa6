import Glibc

/// The store's rules for one path, checked without changing it: it belongs to this user, this
/// user has the access the store needs, and (for private data) nobody else may read it (folders
/// 0700, files 0600, as `Disk` creates them); nobody else may ever write to it.
struct PathRules {
    let path: String
    /// What the store does with it: read a snapshot, read and write the journal, list and
    /// create in a folder.
    let needs: FileAccess
    /// Whether it holds wedding data. The data directory itself only names wedding folders, so
    /// others may list it (a folder made with `mkdir` is 0755); its contents stay private.
    let isPrivate: Bool
    /// Whether it may be a symbolic link: only the data directory itself may (the store never
    /// follows a link inside it).
    var mayBeLink = false

    /// The findings for the path as it is now; none when there is nothing at the path. A link
    /// is reported as such, and what it points to is not judged.
    func check() -> [StoreFinding] {
        var status = stat()
        guard lstat(path, &status) == 0 else { return [] }
        if status.st_mode & S_IFMT == S_IFLNK {
            guard mayBeLink, stat(path, &status) == 0 else { return [.symbolicLink(path: path)] }
        }
        var findings: [StoreFinding] = []
        let isFolder = needs == .folder
        if !isFolder, status.st_mode & S_IFMT != S_IFREG { findings.append(.notARegularFile(path: path)) }
        if status.st_uid != geteuid() { findings.append(.ownedByAnotherUser(path: path, owner: status.st_uid)) }
        let missing = FileAccess([.read, .write, .search].filter { needs.contains($0) && access(path, $0.rawValue) != 0 })
        if !missing.isEmpty { findings.append(.notAccessible(path: path, missing: missing)) }
        let mode = UInt32(status.st_mode) & 0o777
        if mode & 0o022 != 0 {
            findings.append(.writableByOthers(path: path, mode: mode))
        } else if isPrivate, mode & 0o077 != 0 {
            findings.append(.readableByOthers(path: path, mode: mode))
        }
        return findings
    }
}

extension FileAccess {
    /// What the store needs of a folder: list it, create and rename files in it.
    static let folder: FileAccess = [.read, .write, .search]
}
