/// Why the GPU renderer could not start (the caller falls back to Cairo and says why).
package struct GLError: Error, CustomStringConvertible, Sendable {
    package let description: String
    /// The context is a software rasteriser's, refused by `--renderer auto` (Cairo is the faster
    /// one there): a choice, not a failure, and nothing to tell the user.
    package let isSoftwareRasteriser: Bool

    package init(_ description: String) { self.description = description; isSoftwareRasteriser = false }
    package init(softwareRasteriser renderer: String) {
        description = "\(renderer) is a software rasteriser"
        isSoftwareRasteriser = true
    }
}
