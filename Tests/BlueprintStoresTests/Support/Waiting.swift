@testable import BlueprintStores

/// The result of `operation`, or `nil` if it takes longer than `timeout` (it is then cancelled).
func withTimeout<T: Sendable>(_ timeout: Duration, _ operation: @escaping @Sendable () async -> T) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await operation() }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Whether `condition` holds, or comes to hold at one of the store's updates within `timeout`:
/// a bound for an update that never comes, not a speed check (on a busy machine the end-to-end
/// tests' child processes can hold the test process's few threads for many seconds).
@MainActor
func eventually(_ store: DomainStore, within timeout: Duration = .seconds(60),
                _ condition: @escaping @MainActor @Sendable () -> Bool) async -> Bool {
    let updates = store.updates()
    if condition() { return true }
    return await withTimeout(timeout) { @MainActor in
        for await _ in updates where condition() { return true }
        return false
    } ?? false
}
