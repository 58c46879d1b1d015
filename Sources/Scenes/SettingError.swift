/// A bad scene setting or curve: the one line that says which and why
/// (`zoom must be between 0 and 20, got '50'`). The command line turns it into a usage error.
public struct SettingError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
