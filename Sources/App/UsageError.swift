/// A bad command line: the one line printed before exiting with status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
