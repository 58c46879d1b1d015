/// Why the GPU renderer could not start (the caller falls back to Cairo and says why).
public struct GLError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
