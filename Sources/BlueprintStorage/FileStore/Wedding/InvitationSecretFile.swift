import BlueprintDomain
import Foundation
import Glibc

/// A wedding's `invitation-secret` file: the 32 bytes its invitation links are derived from,
/// mode 0600 like the folder's other files, outside the journal and the snapshot files (so
/// never in an export or archive either).
///
/// It is made once, without a lock: the bytes go to a file of a unique name, synced, which is
/// then linked to the final name; `link` fails if another process made the file first, and then
/// that file is the secret. A crash leaves either no secret or a whole one.
enum InvitationSecretFile {
    static let name = "invitation-secret"

    /// The secret in `folder` (a wedding's folder that exists), made if there is none.
    static func secret(in folder: String) throws -> InvitationSecret {
        let path = folder + "/" + name
        if let existing = try read(path) { return existing }
        let temporary = path + ".\(UUID().uuidString.lowercased()).tmp"
        let descriptor = try Disk.open(temporary, O_WRONLY | O_CREAT | O_EXCL)
        defer { unlink(temporary) }
        do {
            try Disk.write(InvitationSecret.random().bytes, to: descriptor, path: temporary, at: 0)
            try Disk.sync(descriptor, path: temporary)
            close(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        if link(temporary, path) != 0, errno != EEXIST {
            throw FileStoreError.system(operation: "link", path: path, errno: errno)
        }
        try Disk.syncDirectory(folder)
        guard let made = try read(path) else { throw FileStoreError.missingFile(path: path) }
        return made
    }

    private static func read(_ path: String) throws -> InvitationSecret? {
        guard let bytes = try Disk.read(path) else { return nil }
        guard let secret = InvitationSecret(bytes: bytes) else {
            throw RepositoryError.storage("\(path) holds \(bytes.count) bytes, not the \(InvitationSecret.byteCount) of an "
                                          + "invitation secret; the links cannot be made until it is restored from a backup or removed "
                                          + "(removing it changes every household's link)")
        }
        return secret
    }
}

extension FileStore: InvitationSecrets {
    /// Where the invitation secret of the wedding whose folder is `folder` is kept (it may not
    /// have been made yet): for `doctor`, which checks its mode.
    public static func invitationSecretPath(inFolder folder: String) -> String { folder + "/" + InvitationSecretFile.name }

    public func invitationSecret(of wedding: WeddingID) async throws -> InvitationSecret {
        _ = try await read(wedding) { $0.wedding.id }
        return try InvitationSecretFile.secret(in: folderPath(of: wedding))
    }
}
