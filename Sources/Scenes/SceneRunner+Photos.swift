import FoundationEssentials
import Imaging
import Widgets
import SystemSupport

/// The user's photos changing while Lumen runs: files or folders dropped on the window, and
/// the watched folders gaining, losing or rewriting photos. The scene showing them is built
/// again with the new list, and a list stays on the photo that was at its top.
extension SceneRunner {
    /// Shows the photos in `paths` (files and folders, as `--images`) in the current scene, or
    /// in the gallery when the current scene does not show photos. A path that cannot be read
    /// is logged and changes nothing. `inBackground` (the window): the paths are listed off the
    /// main thread and shown when `advance` finds them listed, so a dropped folder of 20,000
    /// never holds a frame.
    package func showPhotos(_ paths: [String], inBackground: Bool = false) {
        guard inBackground else {
            do { show(try PhotoLibrary.photos(in: paths, skipped: reportSkipped), from: paths) } catch {
                LogFields.warning { log("cannot show \(paths.joined(separator: ", ")): \(error.message)") }
            }
            return
        }
        let listing = PhotoListing(paths)
        listing.setWake(wake)
        dropped = (listing, paths)
    }

    /// A dropped listing's photos, once they are there.
    func deliverDrop() {
        guard let (listing, paths) = dropped, let outcome = listing.take() else { return }
        dropped = nil
        outcome.skipped.forEach(reportSkipped)
        switch outcome.photos {
        case .success(let photos): show(photos, from: paths)
        case .failure(let error): LogFields.warning { log("cannot show \(paths.joined(separator: ", ")): \(error.message)") }
        }
    }

    /// Shows `photos`, listed from `paths`, in the current scene or the gallery.
    private func show(_ photos: [Photo], from paths: [String]) {
        environment.photos = photos
        environment.photoSource = paths
        watchPhotoFolders()
        if type(of: scene).showsPhotos { rebuildKeepingPhotoInView() } else { if let photos = catalog.firstPhotoScene { open(photos.name); openPending() } }
    }

    /// The background listing's photos (the window's first, or a watched folder's change),
    /// once they are there: the scene is built again with them (a path gone meanwhile is said
    /// and shows the empty state).
    func deliverListing() {
        guard let outcome = listing?.take() else { return }
        listing = nil
        let first = environment.listingPhotos
        environment.listingPhotos = false
        outcome.skipped.forEach(reportSkipped)
        switch outcome.photos {
        case .success(let photos): environment.photos = photos
        case .failure(let error):
            // A folder that went away (a USB stick pulled): no photos until it is back.
            environment.photos = []
            log(first ? "--images: \(error.message)" : error.message)
        }
        if type(of: scene).showsPhotos { rebuildKeepingPhotoInView() }
    }

    /// Starts watching the folders among the photo paths (replacing an earlier watch).
    func watchPhotoFolders() {
        // Folders, and paths not there yet (a kiosk's folder may come later); not files.
        let folders = environment.photoSource.filter { p in
            var isDir = false
            return !FileManager.default.fileExists(atPath: p, isDirectory: &isDir) || isDir
        }
        guard !folders.isEmpty else { watcher = nil; return }
        let wake = self.wake
        watcher = FolderWatcher(folders: folders) { wake?() }
    }

    /// Lists the photos again, in the background, if a watched folder changed; rewritten files
    /// are decoded anew. The list shown stays until the new one comes (`deliverListing`).
    func refreshPhotosIfChanged() {
        guard let w = watcher else { return }
        let (changed, files) = w.takeChanges()
        guard changed else { return }
        for f in files { loader.forget(f) }
        let listing = PhotoListing(environment.photoSource)
        listing.setWake(wake)
        self.listing = listing
    }

    /// Builds the current scene again with the current photos; a lazy photo list keeps the
    /// photo that was at the top of its viewport there (or the one after it, if it went).
    func rebuildKeepingPhotoInView() {
        var anchor: (path: String, delta: Double)?
        if let skip = scene.listedPhotoOffset, let view = tree.mainScrollView, let lazy = view.content as? LazyStack,
           let old = context.photos, !old.isEmpty {
            let top = lazy.index(at: view.offset)
            let i = min(max(top - skip, 0), old.count - 1)
            anchor = (old[i].path, view.offset - lazy.offset(of: i + skip))
        }
        let before = context.photos?.map(\.path) ?? []
        do { try rebuild(settings: currentSettings) } catch {
            log(error.message)
            return
        }
        guard let anchor, let skip = scene.listedPhotoOffset, let photos = context.photos else { return }
        tree.layout()
        guard let view = tree.mainScrollView, let lazy = view.content as? LazyStack else { return }
        // The anchor photo, or the first photo after it in the old order that is still here.
        let paths = photos.map(\.path)
        let start = before.firstIndex(of: anchor.path) ?? 0
        let target = before[start...].lazy.compactMap { paths.firstIndex(of: $0) }.first
        guard let index = target else { return }
        scroll(to: lazy.offset(of: index + skip) + (paths[index] == anchor.path ? anchor.delta : 0))
    }
}
