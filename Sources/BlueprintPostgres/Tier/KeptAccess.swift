import BlueprintDomain
import BlueprintStorage
import Foundation
import Logging
import Synchronization

/// What the database last said this process may do with each wedding, kept beside its copy
/// (`access.json`, written when it changed: rarely), so a planner opened later, or offline,
/// shows a viewer's panes as view only from its first frame.
final class KeptAccess: Sendable {
    private let copy: FileStore
    private let known = Mutex<[WeddingID: WeddingAccess]>([:])
    private let logger = Logger(label: "blueprint.tier")

    /// A role as kept beside the copy.
    private struct Kept: Codable {
        let role: WeddingAccess.Role
        let owner: String?
    }

    init(copy: FileStore) {
        self.copy = copy
    }

    private func file(_ wedding: WeddingID) -> String { copy.folderPath(of: wedding) + "/access.json" }

    /// Remembers what the database said of `wedding`, beside its copy when it changed.
    func keep(_ access: WeddingAccess, for wedding: WeddingID) {
        guard self.access(to: wedding) != access else { return }
        known.withLock { $0[wedding] = access }
        guard FileManager.default.fileExists(atPath: copy.folderPath(of: wedding)) else { return }
        do {
            try AtomicFile.write(try JSONEncoder().encode(Kept(role: access.role, owner: access.owner)), to: file(wedding))
        } catch {
            logger.warning("could not keep the wedding's access", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
    }

    /// This session's last word on access to `wedding`, else the one kept beside its copy.
    func access(to wedding: WeddingID) -> WeddingAccess? {
        if let access = known.withLock({ $0[wedding] }) { return access }
        guard let kept = (try? Data(contentsOf: URL(fileURLWithPath: file(wedding))))
            .flatMap({ try? JSONDecoder().decode(Kept.self, from: $0) }) else { return nil }
        let access = WeddingAccess(role: kept.role, owner: kept.owner)
        known.withLock { $0[wedding] = $0[wedding] ?? access }
        return access
    }
}
