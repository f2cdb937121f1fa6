import BlueprintDomain

/// What the tiered host has been asked for and has said, by wedding.
actor WeddingsFollowed {
    /// Weddings whose changes were asked for: followed in the database once it answers.
    private(set) var watched: Set<WeddingID> = []
    /// Weddings read from the copy while offline, and said so (`DatabaseNotice.workingOffline`).
    private var toldOffline: Set<WeddingID> = []
    /// Weddings known to have a local copy.
    private var copied: Set<WeddingID> = []

    /// `wedding`'s changes were asked for.
    func watch(_ wedding: WeddingID) {
        watched.insert(wedding)
    }

    /// Whether `wedding`, read from the copy while offline, is to be said so: the first time
    /// since the database last answered.
    func firstReadOffline(of wedding: WeddingID) -> Bool {
        toldOffline.insert(wedding).inserted
    }

    /// The database answers again: each wedding read offline from now on is said so again.
    func databaseAnswersAgain() {
        toldOffline = []
    }

    func isCopied(_ wedding: WeddingID) -> Bool {
        copied.contains(wedding)
    }

    /// `wedding` has a local copy, or has none any more.
    func setCopied(_ wedding: WeddingID, _ isCopied: Bool) {
        if isCopied { copied.insert(wedding) } else { copied.remove(wedding) }
    }
}
