/// The type of a typed placeholder such as `<int:id>`: a built-in (`int`, `double`, `bool`,
/// `uuid`, `string`) or the name of a converter registered with
/// ``Router/registerConverter(_:convert:)``.
///
/// Apps add their own as static members:
/// ```swift
/// extension ParameterType { static let slug = ParameterType(rawValue: "slug") }
/// ```
public struct ParameterType: RawRepresentable, Hashable, Sendable {
    /// The name used in patterns.
    public let rawValue: String

    /// Creates a type from its pattern name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A whole number (`Int`): `42`, `-7`.
    package static let int = ParameterType(rawValue: "int")
    /// A finite floating-point number (`Double`): `1.5`.
    package static let double = ParameterType(rawValue: "double")
    /// `true` or `false`.
    package static let bool = ParameterType(rawValue: "bool")
    /// A UUID in its canonical text form.
    package static let uuid = ParameterType(rawValue: "uuid")
    /// One segment that is safe to use as a file or directory name: rejects any segment
    /// holding `/` or `\` (a decoded `%2F` or `%5C`) or a control character, or starting with
    /// `.` (`.`, `..`, a hidden file), so a value like `..%2F..%2FLibrary` or `.keel-store-id`
    /// never reaches app code. Ranks with the custom converters.
    package static let segment = ParameterType(rawValue: "segment")
    /// Any non-empty segment, typed: ranks after every specific type.
    package static let string = ParameterType(rawValue: "string")
    /// The trailing catch-all: `<path:rest>` captures every remaining segment.
    package static let path = ParameterType(rawValue: "path")

    /// The pattern name.
    package var description: String { rawValue }

    /// Whether the type is one of the built-ins (not a custom converter).
    var isBuiltIn: Bool {
        switch self {
        case .int, .double, .bool, .uuid, .segment, .string, .path: return true
        default: return false
        }
    }
}
