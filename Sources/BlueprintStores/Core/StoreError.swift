import BlueprintDomain
import Foundation

/// Why a store could not load or change something. Every case names what it is about.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A repository refused or failed: not found, invalid, still referenced, storage.
    case repository(RepositoryError)
    /// A layer below failed with an error of its own (a file store problem); the text says why.
    case failure(String)
    /// The store has no record of that kind and id loaded.
    case notLoaded(RecordKind, id: UUID)
    /// No change left to undo.
    case nothingToUndo
    /// No undone change left to do again.
    case nothingToRedo
    /// No conflict is open to resolve.
    case noConflict
    /// The store's wedding was closed (another wedding was opened).
    case closed

    init(_ error: any Error) {
        switch error {
        case let error as StoreError: self = error
        case let error as RepositoryError: self = .repository(error)
        default: self = .failure(String(describing: error))
        }
    }

    /// The data was not the problem: the disk or a layer below failed, so trying again may work.
    var isStorageFailure: Bool {
        switch self {
        case .repository(.storage), .failure: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case let .repository(error): return error.description
        case let .failure(message): return message
        case let .notLoaded(kind, id): return "no \(kind.noun) with id \(id.uuidString.lowercased()) is loaded"
        case .nothingToUndo: return "nothing to undo"
        case .nothingToRedo: return "nothing to redo"
        case .noConflict: return "no conflicting edit to resolve"
        case .closed: return "this wedding is no longer open"
        }
    }
}
