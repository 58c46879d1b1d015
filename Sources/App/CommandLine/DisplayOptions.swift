/// The window's options for several displays: `--display 0 --scene hero --display 1
/// --playlist menu.json` opens a window on each display given, each with its own content.
/// What follows a `--display` up to the next belongs to that display: what it shows (`--scene`,
/// `--playlist`, `--images`, `--set`, `--scroll`), how it is turned (`--rotate`), and what is
/// written of it (`--screenshot`, `--trace`, `--script`). Everything else (`--kiosk`,
/// `--renderer`, `--exit-after`, the fleet's options…) is the process's, wherever it is given;
/// what is given before the first `--display` is every display's to start from.
struct DisplayOptions {
    /// Every display's starting point: the options as they were at the first `--display`.
    private var common: ParsedOptions?
    /// The displays given before the one being read, as they were when the next began.
    private var finished: [ParsedOptions] = []

    /// A `--display` is about to be read: the display being read, if any, is done.
    mutating func starting(_ parsed: inout ParsedOptions) {
        guard let common else {
            common = parsed
            return
        }
        guard parsed.window.display != nil else { return }
        finished.append(parsed)
        Self.takeDisplayOptions(of: common, into: &parsed)
    }

    /// Every display's options in the order given, `last` the one read last, each with the
    /// process's options as they ended up; the same display twice is refused.
    func all(ending last: ParsedOptions) throws(UsageError) -> [ParsedOptions] {
        var seen: Set<Int> = []
        return try (finished + [last]).map { d throws(UsageError) in
            let n = d.window.display ?? 0
            guard seen.insert(n).inserted else { throw UsageError("--display \(n) is given twice: give each display once") }
            var group = last
            Self.takeDisplayOptions(of: d, into: &group)
            return group
        }
    }

    /// Puts `source`'s per-display options into `target`, leaving the process's as they are.
    private static func takeDisplayOptions(of source: ParsedOptions, into target: inout ParsedOptions) {
        target.scene.scene = source.scene.scene
        target.sceneGiven = source.sceneGiven
        target.playlistPath = source.playlistPath
        target.scene.images = source.scene.images
        target.scene.settings = source.scene.settings
        target.scene.scroll = source.scene.scroll
        target.window.display = source.window.display
        target.window.rotation = source.window.rotation
        target.window.screenshot = source.window.screenshot
        target.window.trace = source.window.trace
        target.window.script = source.window.script
    }
}
