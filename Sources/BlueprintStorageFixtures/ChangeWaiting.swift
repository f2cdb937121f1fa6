import BlueprintDomain

/// Starts collecting `stream` now and returns a task that ends with the first change matching
/// `predicate` (or `nil` if cancelled first).
public func firstChange(in stream: AsyncStream<RepositoryChange>,
                        where predicate: @escaping @Sendable (RepositoryChange) -> Bool) -> Task<RepositoryChange?, Never> {
    Task {
        for await change in stream where predicate(change) { return change }
        return nil
    }
}

/// The task's change if it arrives within `timeout`; otherwise cancels the task and returns `nil`.
public func awaitChange(_ task: Task<RepositoryChange?, Never>, within timeout: Duration) async -> RepositoryChange? {
    await withTaskGroup(of: RepositoryChange?.self) { group in
        group.addTask { await task.value }
        group.addTask {
            try? await Task.sleep(for: timeout)
            task.cancel()
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
