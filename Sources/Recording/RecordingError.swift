/// A recording that cannot be made, in one line: `badPath` for what the command line named
/// wrongly (exit 2), `failed` for what went wrong while writing (exit 1; a full disk).
package enum RecordingError: Error, CustomStringConvertible, Equatable {
    case badPath(String)
    case failed(String)

    package var description: String {
        switch self {
        case .badPath(let s), .failed(let s): return s
        }
    }
}
