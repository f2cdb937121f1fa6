import BlueprintDomain
import Foundation

/// Vendors by id, as a run sheet or a calendar entry names them: "Bloom & Co, +1 555 0100".
public struct VendorContacts: Sendable {
    private let vendors: [UUID: Vendor]

    public init(_ vendors: [Vendor]) {
        self.vendors = Dictionary(vendors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The vendor's name, then its phone when it has one; "" for no vendor or one not in the list.
    public func contact(_ id: UUID?) -> String {
        guard let id, let vendor = vendors[id] else { return "" }
        return [vendor.name, vendor.phone].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The vendor's name; "" for no vendor or one not in the list.
    public func name(_ id: UUID?) -> String {
        id.flatMap { vendors[$0]?.name } ?? ""
    }
}
