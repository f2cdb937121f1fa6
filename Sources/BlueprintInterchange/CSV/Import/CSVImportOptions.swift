/// What an import may add to the wedding, or read leniently, beyond what its rows name: for a
/// file exported from another wedding (other partners, other meal options, other categories).
/// The default adds nothing and refuses such rows.
public struct CSVImportOptions: Sendable, Equatable {
    /// A vendor's budget category the wedding lacks becomes a new category (expenses always do this).
    public var createsMissingCategories: Bool
    /// A meal option the wedding lacks is collected in the plan's `newMealOptions` instead of
    /// refusing its row; the caller adds them to the wedding's settings, or refuses the import.
    public var collectsNewMealOptions: Bool
    /// An "Invited By" value naming neither partner (another wedding's partners, say) reads as
    /// both and is listed, with how many guests it was read for, in the plan's `otherInvitedBy`.
    public var readsOtherInvitedByAsBoth: Bool

    public init(createsMissingCategories: Bool = false, collectsNewMealOptions: Bool = false,
                readsOtherInvitedByAsBoth: Bool = false) {
        self.createsMissingCategories = createsMissingCategories
        self.collectsNewMealOptions = collectsNewMealOptions
        self.readsOtherInvitedByAsBoth = readsOtherInvitedByAsBoth
    }

    /// Everything a file from another wedding needs: what `blueprint import` and the planner's `:import` use.
    public static let betweenWeddings = CSVImportOptions(createsMissingCategories: true, collectsNewMealOptions: true,
                                                         readsOtherInvitedByAsBoth: true)
}

/// A value of "Invited By" that names neither partner, read as both.
public struct OtherInvitedBy: Sendable, Equatable {
    /// The value as the file first spells it.
    public let name: String
    /// How many rows had it.
    public let guests: Int
}
