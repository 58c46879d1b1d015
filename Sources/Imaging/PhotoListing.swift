import Dispatch
import SystemSupport

/// A photo listing made on a background queue, so a folder of 20,000 files or a slow USB
/// stick never holds the window's first frame: the window shows that it is reading, and the
/// scene is built again with the photos once `take` has them.
package final class PhotoListing: @unchecked Sendable {
    /// The photos or why the paths could not be listed, and the lines of what was left out.
    public typealias Outcome = (photos: Result<[Photo], PhotoLibrary.Failure>, skipped: [String])

    private struct State {
        var outcome: Outcome?
        var wake: (@Sendable () -> Void)?
    }
    private let state = Locked(State())

    /// Starts listing `paths` (as `PhotoLibrary.photos(in:)`).
    public init(_ paths: [String]) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var skipped: [String] = []
            let photos: Result<[Photo], PhotoLibrary.Failure>
            do throws(PhotoLibrary.Failure) { photos = .success(try PhotoLibrary.photos(in: paths) { skipped.append($0) }) } catch { photos = .failure(error) }
            let wake = state.withLock { state in state.outcome = (photos, skipped); return state.wake }
            wake?()
        }
    }

    /// Called (from the listing's thread) when the listing is done; at once if it is already.
    public func setWake(_ wake: (@Sendable () -> Void)?) {
        let done = state.withLock { state in state.wake = wake; return state.outcome != nil }
        if done { wake?() }
    }

    /// The outcome once the listing is done (once), else nil.
    public func take() -> Outcome? {
        state.withLock { state in defer { state.outcome = nil }; return state.outcome }
    }
}
