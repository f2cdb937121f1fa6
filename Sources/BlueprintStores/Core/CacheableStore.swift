import BlueprintDomain

/// A store that keeps loaded data for a while and knows when to load it again.
///
/// `load()` acts only when the store is not valid: never loaded, older than
/// `cacheValidityDuration`, or invalidated (a change it could not patch in). A store that gets
/// its wedding's changes as they happen and is merely old revalidates with a cheap check
/// instead of loading; otherwise it reloads. `load(force: true)` always reloads. (The original
/// app skipped every non-forced reload once loaded, so its validity never expired.)
@MainActor
public protocol CacheableStore: AnyObject {
    /// When the data shown was loaded; `nil` before the first load lands.
    var lastLoadTime: Timestamp? { get }
    /// How long loaded data stays valid.
    var cacheValidityDuration: Duration { get }
    /// Loaded, not invalidated since, and younger than `cacheValidityDuration`.
    var isCacheValid: Bool { get }
    /// Makes the next `load()` reload.
    func invalidate()
    /// Revalidates or reloads if the store is not valid, or always reloads with `force`; returns
    /// when that has landed.
    func load(force: Bool) async
}

extension CacheableStore {
    /// Revalidates or reloads if the store is not valid.
    public func load() async { await load(force: false) }
}
