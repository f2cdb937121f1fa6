/// The wedding's folder does not exist; the store reports it as `RepositoryError.weddingNotFound`.
struct WeddingNotFound: Error {}

/// A file failed to decode. Under the exclusive lock the file is moved aside and this becomes
/// `FileStoreError.corruptFile`; under a shared lock the operation retries with the exclusive one.
struct UnreadableFile: Error {
    let path: String
    /// The line of the file (for the journal, its header is line 1).
    let line: Int?
    let reason: String

    init(path: String, line: Int?, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// A file whose text did not decode. `line` is given for a journal line (whose text is one
    /// line); otherwise the decoder's line is used.
    init(path: String, line: Int? = nil, _ error: any Error) {
        guard let readError = error as? JSONReadError else {
            self.init(path: path, line: line, reason: "\(error)")
            return
        }
        self.init(path: path, line: line ?? readError.line, reason: "column \(readError.column): \(readError.message)")
    }
}

/// Opening found something only a writer may change (a migration to run, a journal to create, a
/// torn file to set aside): the operation retries under the exclusive lock.
struct NeedsExclusiveLock: Error {}
