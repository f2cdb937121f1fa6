import Foundation
import Glibc

/// A file a user names to be read (`import FILE`, `:import FILE`): a link is followed (it is the
/// user's own choice, outside the data directory), but a folder, a FIFO or a device is refused at
/// once instead of being waited on or read forever.
public enum InputFile {
    /// Why the file could not be read, naming it.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The whole file at `path`.
    public static func read(_ path: String) throws(Failure) -> Data {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure(description: "cannot read \(path): it is a folder; name a CSV file")
        default: throw Failure(description: "cannot read \(path): it is not a regular file; name a CSV file")
        }
        do {
            return try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd() ?? Data()
        } catch {
            throw Failure(description: "cannot read \(path): \(error.localizedDescription)")
        }
    }
}
