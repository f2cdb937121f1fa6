import Foundation
import Glibc

/// A file a person named for blueprint to write: an export (`-o FILE`) or a document written out.
///
/// It is written whole or not at all: the content goes to a temporary file beside it, is synced,
/// and only then takes the name. An existing file is kept unless `replacing`: the temporary file
/// is linked to the name (`link(2)` refuses a name that exists, so a file made meanwhile is not
/// replaced either); with `replacing` it is renamed over it.
public struct OutputFile: Sendable {
    public let path: String
    public let replacing: Bool

    public init(path: String, replacing: Bool) {
        self.path = path
        self.replacing = replacing
    }

    /// Refuses a path that cannot be written as asked before any work is done: an empty one, one
    /// that names a folder, one in a folder that does not exist, or an existing file when not replacing.
    public func check() throws(OutputFileProblem) {
        if path.isEmpty { throw .empty }
        if PathName.namesFolder(path) || Self.isFolder(path) { throw .folder(path: path) }
        let folder = PathName.folder(of: path)
        if !Self.isFolder(folder) { throw .noFolder(path: path, folder: folder) }
        if !replacing, Disk.exists(path) { throw .exists(path: path) }
    }

    /// Writes `data` to the file.
    public func write(_ data: Data) throws {
        try write { descriptor, temporary in try Disk.write(data, to: descriptor, path: temporary, at: 0) }
    }

    /// Writes to the file what `content` writes to the descriptor of the temporary file it is given.
    public func write(content: (_ descriptor: Int32, _ temporary: String) throws -> Void) throws {
        try check()
        let temporary = PathName.folder(of: path) + "/.\(PathName.fileName(of: path)).\(UUID().uuidString.lowercased()).tmp"
        let output = try Disk.open(temporary, O_WRONLY | O_CREAT | O_EXCL)
        defer { close(output) }
        do {
            try content(output, temporary)
            try Disk.sync(output, path: temporary)
            if replacing {
                try Disk.rename(temporary, to: path)
            } else {
                do {
                    try Disk.call("create", path) { link(temporary, path) }
                } catch FileStoreError.system(_, _, EEXIST) {
                    throw OutputFileProblem.exists(path: path)
                }
                unlink(temporary)
            }
            try Disk.syncDirectory(PathName.folder(of: path))
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}

/// Why a file a person named cannot be written.
public enum OutputFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name is empty (an unset shell variable, say).
    case empty
    /// The name is a folder's (`.`, `..`, a trailing `/`, or a folder that exists).
    case folder(path: String)
    /// The folder the file would go in does not exist.
    case noFolder(path: String, folder: String)
    /// A file of that name exists and replacing it was not asked for.
    case exists(path: String)

    public var description: String {
        switch self {
        case .empty: "the output file's name is empty; name a file, or - for standard output"
        case let .folder(path): "'\(path)' names a folder, not a file; name the file to write"
        case let .noFolder(path, folder): "cannot write '\(path)': the folder '\(folder)' does not exist"
        case let .exists(path): "'\(path)' already exists; choose another name, or pass --force to replace it"
        }
    }
}
