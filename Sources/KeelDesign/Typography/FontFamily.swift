/// A font family and the PostScript names of the faces it ships.
///
/// A family without a face for a weight falls through to the next candidate in a
/// ``FontStyle``'s list, and finally to the system font, which has every weight.
public struct FontFamily: Hashable, Sendable {
    /// The family name (`PingFang SC`); `System` for the platform font.
    package var name: String
    /// PostScript face names by weight.
    package var faces: [FontWeight: String]

    /// A family.
    public init(name: String, faces: [FontWeight: String] = [:]) {
        self.name = name
        self.faces = faces
    }

    /// Whether this is the platform system font.
    package var isSystem: Bool { name == FontFamily.system.name }

    /// PingFang SC: regular, medium and semibold faces.
    public static let pingFangSC = FontFamily(
        name: "PingFang SC",
        faces: [
            .regular: "PingFangSC-Regular", .medium: "PingFangSC-Medium", .semibold: "PingFangSC-Semibold",
        ])

    /// The platform system font (San Francisco on Apple platforms), every weight.
    public static let system = FontFamily(name: "System")
}
