import BlueprintDomain
import Foundation
import Glibc

/// `preview.json`: a wedding's `WeddingPreview`, written when its files are (on creation and
/// compaction), with what it was made from. It is shown only while that is still all there
/// is: the journal it was written with is the folder's journal and holds no change yet, and
/// `wedding.json` and `guests.json` are the very files written with it. Anything else (a later
/// change, a file replaced, a crash part-way through compacting) makes it stale, and the wedding
/// then opens by its full load alone. It is never needed: deleting it loses nothing.
struct PreviewFile: Codable {
    /// A snapshot file as it was when the preview was written.
    struct Stamp: Codable, Equatable {
        var inode: UInt64
        var size: Int64
        var modifiedNanoseconds: Int64

        init?(at path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modifiedNanoseconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        }
    }

    static let name = "preview.json"

    /// The generation of the journal that started when the preview was written.
    var journalGeneration: Int
    var weddingFile: Stamp
    var guestsFile: Stamp
    var preview: WeddingPreview

    /// Writes `preview` of the folder's current files; the folder's journal must be the new,
    /// empty one of `journalGeneration`. A failure is logged by the caller: a preview is never needed.
    static func write(_ preview: WeddingPreview, in folder: WeddingFolder, journalGeneration: Int,
                      encoder: StoreJSONEncoder) throws {
        guard let weddingFile = Stamp(at: folder.path(of: .wedding)), let guestsFile = Stamp(at: folder.path(of: SnapshotFile(.guest))) else {
            return
        }
        let file = PreviewFile(journalGeneration: journalGeneration, weddingFile: weddingFile, guestsFile: guestsFile,
                               preview: preview)
        try AtomicFile.write(try StoreJSON.fileData(file, encoder, expectedSize: 256 * 1024), to: folder.preview,
                             syncingFolder: false)
    }

    /// The folder's preview if it is current (see the type), else `nil`. Call it under the
    /// wedding's lock, shared at least.
    static func current(in folder: WeddingFolder) throws -> WeddingPreview? {
        guard let data = try Disk.read(folder.preview) else { return nil }
        let file = try StoreJSONDecoder().decode(PreviewFile.self, from: data)
        guard Stamp(at: folder.path(of: .wedding)) == file.weddingFile, Stamp(at: folder.path(of: SnapshotFile(.guest))) == file.guestsFile,
              let journal = try JournalFile.open(folder.journal, readOnly: true),
              journal.generation == file.journalGeneration, try journal.holdsOnlyItsHeader() else { return nil }
        return file.preview
    }
}
