import BlueprintDomain
import Foundation

/// Reads the value at a merge's field path out of a record by its property names (which are its
/// JSON keys), so the conflict dialog can show an amount as money rather than the minor units
/// its JSON holds. Reflection, because the merge works on JSON and knows no record's types.
enum FieldReading {
    /// The value at `path` in `record` (an optional unwrapped), or `nil` when there is none.
    static func value(at path: FieldPath, in record: Any) -> Any? {
        var current: Any = record
        for step in path.steps {
            switch step {
            case .field(let name):
                guard let child = Mirror(reflecting: current).children.first(where: { $0.label == name }),
                      let value = unwrapped(child.value) else { return nil }
                current = value
            case .element(let identity):
                guard let elements = current as? [Any],
                      let element = elements.first(where: { identityText(of: $0) == identity }) else { return nil }
                current = element
            }
        }
        return current
    }

    /// Whether `path` in `record` holds an amount (present or not).
    static func isMoney(at path: FieldPath, in record: Any) -> Bool {
        guard case .field(let name)? = path.steps.last, path.steps.count == 1,
              let child = Mirror(reflecting: record).children.first(where: { $0.label == name }) else { return false }
        return child.value is Money || child.value is Money?
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }

    /// An element's identity as its JSON writes it: its `id`, or an expense share's `categoryID`.
    private static func identityText(of element: Any) -> String? {
        let children = Mirror(reflecting: element).children
        let identity = children.first { $0.label == "id" }?.value ?? children.first { $0.label == "categoryID" }?.value
        return (identity as? UUID)?.uuidString
    }
}
