import BlueprintStorage
import Foundation
import Glibc

/// What each thing the store inspection finds means for the user, how serious it is, and what
/// to do about it.
extension StoreFinding {
    var check: Check {
        switch self {
        case let .rootMissing(path, creatableIn?):
            return .ok("\(path) does not exist yet; blueprint creates it (in \(creatableIn)) on first use")
        case let .rootMissing(path, nil):
            return .problem("\(path) does not exist, and you may not create it",
                            fix: "create it yourself (`mkdir -p -m 700 '\(path)'`), or choose another with --data-dir or BLUEPRINT_DATA_DIR")
        case let .notADirectory(path):
            return .problem("\(path) is not a folder",
                            fix: "move that file away, or choose another data directory with --data-dir or BLUEPRINT_DATA_DIR")
        case let .notAccessible(path, missing):
            return .problem("\(path): you have no \(missing) access to it, which blueprint needs",
                            fix: "`chmod u+\(Self.modeLetters(missing)) '\(path)'` (or ask its owner)")
        case let .ownedByAnotherUser(path, owner):
            return .warning("\(path) belongs to \(Self.userName(owner)), not to you",
                            fix: "if it is yours, `chown \(Self.userName(geteuid())) '\(path)'`")
        case let .writableByOthers(path, mode):
            return .problem("\(path) can be changed by other users (mode \(Self.octal(mode)))",
                            fix: "`chmod go-w '\(path)'`")
        case let .readableByOthers(path, mode):
            return .warning("\(path) can be read by other users (mode \(Self.octal(mode))); blueprint keeps wedding data private",
                            fix: "`chmod go= '\(path)'`")
        case let .cannotRead(path, code):
            return .problem("cannot read \(path): \(String(cString: strerror(code)))", fix: Self.readFix(path, code))
        case let .unreadable(path, line, reason):
            let place = line.map { "\(path) line \($0)" } ?? path
            return .problem("\(place) does not decode: \(reason)", fix: Self.decodeFix(path, line: line))
        case let .missingFile(path):
            return .problem("\(path) is missing, so the wedding cannot open",
                            fix: "restore it from a backup; if a copy ending in .corrupt-<time> is beside it, repair that and rename it back")
        case let .missingTable(path):
            return .warning("\(path) is missing: the wedding opens with that list empty",
                            fix: "restore it from a backup if it held records (a .corrupt-<time> copy beside it may hold them)")
        case let .newerSchema(path, found, supported):
            return .problem("\(path): written by a newer blueprint (schema \(found); this one reads up to \(supported))",
                            fix: "upgrade blueprint to open this wedding")
        case let .olderSchema(path, found, current):
            return .ok("\(path): schema \(found), upgraded to \(current) the next time the wedding opens")
        case let .missingMigration(path, version):
            return .problem("\(path): schema \(version), which this blueprint cannot upgrade",
                            fix: "open it with the blueprint version that wrote it, or one that can upgrade it")
        case let .folderMismatch(path, holds):
            return .problem("\(path) holds wedding \(holds), not the one its folder is named for",
                            fix: "if the folder was copied or renamed by hand, rename it to \(holds); otherwise restore the file from a backup")
        case let .noJournal(path):
            return .warning("\(path) is missing; the next open starts an empty one",
                            fix: "nothing to do, unless it was removed by mistake: then restore it before opening the wedding")
        case let .tornJournalTail(path, bytes):
            return .warning("\(path) ends in a line cut off by a crash (\(bytes) bytes); that change was never saved",
                            fix: "nothing to do: the next change made to this wedding drops it")
        case let .setAside(path):
            return .warning("\(path) is a damaged copy blueprint set aside earlier",
                            fix: "if it holds data you need, repair it and move it back in place of \(Self.originalName(path)) "
                                + "while blueprint is closed; otherwise delete it")
        case let .unfinishedCreation(path):
            return .warning("\(path) was left by a wedding creation that was interrupted; blueprint ignores it",
                            fix: "remove it: `rm -r '\(path)'`")
        case let .unknownEntry(path):
            return .warning("\(path) is not a wedding folder; blueprint ignores it",
                            fix: "move it out of the weddings folder")
        case let .symbolicLink(path):
            return .problem("\(path) is a symbolic link; blueprint does not follow links inside its data directory",
                            fix: "put the real file or folder there: `cp -a --remove-destination \"$(readlink -f '\(path)')\" '\(path)'`")
        case let .notARegularFile(path):
            return .problem("\(path) is not a regular file, so blueprint will not open it",
                            fix: "move it away and restore the file from a backup")
        case let .missingDocument(path, id, title):
            return .problem("the document \"\(title)\" (\(Self.shortID(id))) has no stored file: \(path) is missing",
                            fix: "restore that file from a backup; or, if the document is not needed, "
                                + "`blueprint doc delete \(Self.shortID(id))` moves it to the trash")
        case let .alteredDocument(path, id, title):
            return .problem("the document \"\(title)\" (\(Self.shortID(id))) was altered: \(path) no longer matches its SHA-256",
                            fix: "restore that file from a backup (its name is the SHA-256 its bytes must have); "
                                + "exporting it is refused until then")
        }
    }

    private static func decodeFix(_ path: String, line: Int?) -> String {
        let name = PathName.fileName(of: path)
        switch name {
        case "journal.jsonl":
            return "back up the folder, then repair line \(line ?? 1) by hand (it is one JSON object) to keep the changes "
                + "from there on; opening the wedding instead sets the journal aside and goes on without them"
        case "meta.json", "wedding.json":
            return "restore it from a backup, or repair the JSON by hand; the wedding cannot open until then"
        case "index.json":
            return "nothing to do: the next command sets it aside and rebuilds it from the wedding folders"
        default:
            return "restore it from a backup, or repair the JSON by hand; opening the wedding instead sets it aside "
                + "as \(name).corrupt-<time> and goes on with that list empty"
        }
    }

    private static func readFix(_ path: String, _ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "`chmod u+rw '\(path)'` (or ask its owner)"
        default: "check the disk (`dmesg`), then restore the file from a backup"
        }
    }

    /// `guests.json` for `guests.json.corrupt-20261121T081500.000Z`.
    private static func originalName(_ path: String) -> String {
        let name = PathName.fileName(of: path)
        return name.range(of: ".corrupt-").map { String(name[..<$0.lowerBound]) } ?? name
    }

    private static func modeLetters(_ access: FileAccess) -> String {
        [(FileAccess.read, "r"), (.write, "w"), (.search, "x")].filter { access.contains($0.0) }.map(\.1).joined()
    }

    /// The first eight characters of a document's id, as `blueprint doc list` prints it.
    private static func shortID(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    private static func octal(_ mode: UInt32) -> String { "0" + String(mode, radix: 8) }

    private static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
        return String(cString: name)
    }
}
