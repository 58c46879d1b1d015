/// Why the GPU renderer could not start (the caller falls back to Cairo and says why).
public struct GLError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// The context is a software rasteriser's, refused by `--renderer auto` (Cairo is the faster
    /// one there): a choice, not a failure, and nothing to tell the user.
    public let isSoftwareRasteriser: Bool

    public init(_ description: String) { self.description = description; isSoftwareRasteriser = false }
    public init(softwareRasteriser renderer: String) {
        description = "\(renderer) is a software rasteriser"
        isSoftwareRasteriser = true
    }
}
