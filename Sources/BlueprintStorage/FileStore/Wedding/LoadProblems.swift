/// The wedding's folder does not exist; the store reports it as `RepositoryError.weddingNotFound`.
struct WeddingNotFound: Error {}

/// A file failed to decode. Under the exclusive lock the file is moved aside and this becomes
/// `FileStoreError.corruptFile`; under a shared lock the operation retries with the exclusive one.
struct UnreadableFile: Error {
    let path: String
    /// The journal line, counting its header as line 1.
    let line: Int?
    let reason: String
}

/// Opening found something only a writer may change (a migration to run, a journal to create, a
/// torn file to set aside): the operation retries under the exclusive lock.
struct NeedsExclusiveLock: Error {}
