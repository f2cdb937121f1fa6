/// A three-way merge of two edits of one JSON tree against the tree they both started from.
///
/// A value only one side changed takes that side's value; a value both changed to the same
/// thing takes it; objects merge member by member; lists whose elements all carry an identity
/// (an `id`, or a `categoryID` for an expense's shares) merge element by element, so an
/// installment added on one side and another edited on the other both survive. Anything else
/// both sides changed differently is a conflict: it keeps their value unless `choose` picks a
/// side for it. An absent member and a `null` one are the same (optionals are left out of JSON).
struct TreeMerge {
    /// Which side to take at a conflicting path, if chosen.
    let choose: (FieldPath) -> MergeSide?
    private(set) var conflicts: [FieldConflict] = []
    /// Where your change was applied.
    private(set) var yours: [FieldPath] = []
    /// Where their change was kept, yours not touching it.
    private(set) var theirs: [FieldPath] = []

    init(choose: @escaping (FieldPath) -> MergeSide?) {
        self.choose = choose
    }

    /// The merge of `mine` and `theirs`, both edits of `base`, at `path`; nil for no value.
    mutating func merge(base: JSONTree?, mine: JSONTree?, theirs: JSONTree?, at path: FieldPath) -> JSONTree? {
        let (base, mine, their) = (Self.present(base), Self.present(mine), Self.present(theirs))
        if mine == their { return mine }
        if mine == base {
            self.theirs.append(path)
            return their
        }
        if their == base {
            yours.append(path)
            return mine
        }
        if let merged = mergeMembers(base: base, mine: mine, theirs: their, at: path) { return .object(merged) }
        if let merged = mergeElements(base: base, mine: mine, theirs: their, at: path) { return .array(merged) }
        switch choose(path) {
        case .mine?:
            yours.append(path)
            return mine
        case .theirs?:
            return their
        case nil:
            conflicts.append(FieldConflict(path: path, base: base, mine: mine, theirs: their))
            return their
        }
    }

    /// `nil` for an absent value or `null`.
    private static func present(_ value: JSONTree?) -> JSONTree? {
        value == .null ? nil : value
    }

    /// Both sides objects (the base one, or absent): merged member by member.
    private mutating func mergeMembers(base: JSONTree?, mine: JSONTree?, theirs: JSONTree?,
                                       at path: FieldPath) -> [String: JSONTree]? {
        guard let mine = mine?.members, let theirs = theirs?.members else { return nil }
        guard let base = base.map({ $0.members }) ?? [:] else { return nil }
        var merged: [String: JSONTree] = [:]
        for key in Set(base.keys).union(mine.keys).union(theirs.keys).sorted() {
            merged[key] = merge(base: base[key], mine: mine[key], theirs: theirs[key], at: path.appending(.field(key)))
        }
        return merged
    }

    /// Both sides lists of elements with identities (the base one too, or absent): merged
    /// element by element, in their order, with elements only yours has placed after the
    /// element they follow in yours.
    private mutating func mergeElements(base: JSONTree?, mine: JSONTree?, theirs: JSONTree?, at path: FieldPath) -> [JSONTree]? {
        guard case .array(let mineList)? = mine, case .array(let theirList)? = theirs else { return nil }
        let baseList: [JSONTree]
        switch base {
        case nil: baseList = []
        case .array(let list)?: baseList = list
        default: return nil
        }
        guard let baseElements = Self.identified(baseList), let mineElements = Self.identified(mineList),
              let theirElements = Self.identified(theirList) else { return nil }
        let byIdentity = { (elements: [(String, JSONTree)]) in Dictionary(elements, uniquingKeysWith: { first, _ in first }) }
        let (baseByID, mineByID, theirByID) = (byIdentity(baseElements), byIdentity(mineElements), byIdentity(theirElements))
        var merged: [(identity: String, value: JSONTree)] = []
        for (identity, their) in theirElements {
            if let value = merge(base: baseByID[identity], mine: mineByID[identity], theirs: their,
                                 at: path.appending(.element(identity))) {
                merged.append((identity, value))
            }
        }
        var previous: String?
        for (identity, mine) in mineElements {
            defer { previous = identity }
            guard theirByID[identity] == nil,
                  let value = merge(base: baseByID[identity], mine: mine, theirs: nil, at: path.appending(.element(identity)))
            else { continue }
            let position = previous.flatMap { before in merged.firstIndex { $0.identity == before }.map { $0 + 1 } } ?? 0
            merged.insert((identity, value), at: position)
        }
        return merged.map(\.value)
    }

    /// Each element with its identity, when every element is an object with one and no two share it.
    private static func identified(_ list: [JSONTree]) -> [(String, JSONTree)]? {
        var seen: Set<String> = []
        var elements: [(String, JSONTree)] = []
        for element in list {
            guard let members = element.members,
                  case .string(let identity)? = members["id"] ?? members["categoryID"],
                  seen.insert(identity).inserted else { return nil }
            elements.append((identity, element))
        }
        return elements
    }
}
