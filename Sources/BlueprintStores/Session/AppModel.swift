import BlueprintDomain

/// Which wedding is open. Opening another one closes the stores of the previous one and makes
/// new ones, so nothing of the previous wedding is shown and none of its loads still in flight
/// can land in the new stores.
@MainActor
public final class AppModel {
    public let context: StoreContext
    /// The open wedding's stores, or `nil` when none is open.
    public private(set) var session: WeddingSession?

    public init(context: StoreContext) {
        self.context = context
    }

    /// Every wedding in the data directory, by name, for choosing one to open.
    public func weddings() async throws(StoreError) -> [Wedding] {
        do {
            return try await context.weddings.fetchWeddings()
        } catch {
            throw StoreError(error)
        }
    }

    /// Closes the open wedding and opens `wedding` with fresh, unloaded stores (warm them with
    /// `CacheWarmer`); its messages go to `deliver` (see `WeddingSession.init`).
    @discardableResult
    public func open(_ wedding: WeddingID, deliver: (@MainActor (WeddingSession, SessionMessage) -> Void)? = nil) -> WeddingSession {
        session?.close()
        let session = WeddingSession(wedding: wedding, context: context, deliver: deliver)
        self.session = session
        return session
    }

    /// Closes the open wedding, if any.
    public func closeSession() {
        guard let session else { return }
        session.close()
        self.session = nil
    }
}
