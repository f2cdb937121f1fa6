import BlueprintDomain
import Foundation
import Glibc
import Logging

/// A read-only check of a data directory, for `blueprint doctor`: the folder itself, the wedding
/// index, and every wedding folder read with the store's own decoders.
///
/// Unlike `FileStore`, it changes nothing at all: it creates no folder or lock file, migrates
/// nothing, starts no journal, drops no torn line and sets no file aside; it only reports what
/// opening would do. Each wedding is read under a shared lock, as any reader would, so no write
/// is half-done meanwhile; a lock file is opened read-only for that and never created.
public enum StoreInspector {
    /// Inspects the data directory at `root`.
    ///
    /// - Parameter lockWait: how long to wait for a writer to release a wedding's lock before
    ///   reading the folder without it (writers hold it only while they write).
    public static func inspect(root: String, schema: WeddingSchema = .current,
                               lockWait: Duration = .seconds(2)) async -> InspectionReport {
        let directory = DataDirectory(root: DataDirectory.absolute(root))
        var status = stat()
        guard stat(directory.root, &status) == 0 else {
            let finding: StoreFinding = errno == ENOENT
                ? .rootMissing(path: directory.root, creatableIn: creatableAncestor(of: directory.root))
                : .cannotRead(path: directory.root, errno: errno)
            return InspectionReport(root: directory.root, rootExists: false, findings: [finding], weddings: [])
        }
        var report = InspectionReport(root: directory.root, rootExists: true, findings: [], weddings: [])
        guard status.st_mode & S_IFMT == S_IFDIR else {
            report.findings.append(.notADirectory(path: directory.root))
            return report
        }
        report.findings += PathRules(path: directory.root, needs: .folder, isPrivate: false, mayBeLink: true).check()
        let rootNames: [String]
        do {
            rootNames = try Disk.names(in: directory.root) ?? []
        } catch {
            report.findings.append(WeddingFolderInspector.finding(for: error, at: directory.root))
            return report
        }

        report.indexLock = await underSharedLock(directory.indexLock, wait: lockWait) {
            report.findings += PathRules(path: directory.index, needs: .read, isPrivate: true).check()
            report.findings += PathRules(path: directory.indexLock, needs: [.read, .write], isPrivate: true).check()
            do {
                _ = try WeddingIndex(directory: directory, clock: { Timestamp(Date()) }, logger: Logger(label: "blueprint.storage")).read()
            } catch {
                report.findings.append(WeddingFolderInspector.finding(for: error, at: directory.index))
            }
        }
        report.findings += rootNames.filter { $0.hasPrefix("index.json.corrupt-") }.sorted()
            .map { .setAside(path: directory.root + "/" + $0) }

        guard Disk.exists(directory.weddings) else { return report }
        report.findings += PathRules(path: directory.weddings, needs: .folder, isPrivate: true).check()
        guard !Disk.isSymbolicLink(directory.weddings) else { return report }
        let names: [String]
        do {
            names = try Disk.names(in: directory.weddings) ?? []
        } catch {
            report.findings.append(WeddingFolderInspector.finding(for: error, at: directory.weddings))
            return report
        }
        for name in names.sorted() {
            let path = directory.weddings + "/" + name
            if let id = WeddingID(string: name), id.description == name {
                let folder = directory.folder(id)
                var inspection: WeddingInspection?
                let lock = await underSharedLock(folder.lock, wait: lockWait) {
                    inspection = WeddingFolderInspector(folder: folder, schema: schema).inspect()
                }
                guard var inspection else { continue }
                inspection.lock = lock
                report.weddings.append(inspection)
            } else if name.hasPrefix(".new-") {
                report.findings.append(.unfinishedCreation(path: path))
            } else {
                report.findings.append(.unknownEntry(path: path))
            }
        }
        report.findings = WeddingFolderInspector.withoutRepeatedDenials(report.findings)
        return report
    }

    /// Runs `body` holding the lock at `path` shared, if the file exists. A writer in the way is
    /// waited for up to `wait`; then `body` runs without the lock. Returns who held the lock
    /// when the wait began, or `nil` when there is no lock file.
    private static func underSharedLock(_ path: String, wait: Duration,
                                        _ body: () -> Void) async -> LockReport? {
        guard let identity = try? Disk.identity(at: path) else {
            body()
            return nil
        }
        let holders = KernelLocks.holders(of: identity)
        let deadline = ContinuousClock.now + wait
        var lock: HeldLock?
        // flock has no timeout; a writer holds the lock for one write, so a few short waits do.
        // A lock file that cannot be opened (gone, or not readable) is not waited for.
        while true {
            do {
                lock = try FileLock.attempt(path, .shared)
            } catch {
                break
            }
            if lock != nil || ContinuousClock.now >= deadline { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        body()
        lock?.release()
        return LockReport(path: path, holders: holders, readUnderLock: lock != nil)
    }

    /// The nearest existing folder above `path`, if this user may create folders in it.
    private static func creatableAncestor(of path: String) -> String? {
        var candidate = PathName.folder(of: path)
        while true {
            var status = stat()
            if stat(candidate, &status) == 0 {
                let isFolder = status.st_mode & S_IFMT == S_IFDIR
                return isFolder && access(candidate, W_OK | X_OK) == 0 ? candidate : nil
            }
            guard errno == ENOENT, candidate != "/", candidate != "." else { return nil }
            candidate = PathName.folder(of: candidate)
        }
    }
}
