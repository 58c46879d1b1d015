import Animation
import Effects
import Geometry
import Render
import Pixels

/// A full-screen top-to-bottom gradient sampled from a photo (Image Derived Gradient Background): the photo
/// drawn
/// fill-and-crop into 24×24, its rows averaged in `bands` bands weighted by saturation, fully
/// transparent bands left out, `fallback` when nothing is left (or until the photo is in).
///
/// Sampling runs off the main thread, and only when the photo or the band count changes. A new
/// gradient fades in over the previous one in 0.8 s (no dip through black); with Reduce Motion
/// it changes at once. Hidden from semantics.
public final class DerivedGradientBackground: Node {
    /// The photo the colours are sampled from.
    public private(set) var image: ImageAsset
    /// How many bands the photo is sampled in, top to bottom (a change samples it again).
    public var bands: Int { didSet { if bands != oldValue { resample() } } }
    /// The colours shown until the photo has loaded, or when it fails.
    public let fallback: [Color]
    /// The colours shown now (once the fade has finished), top to bottom.
    public private(set) var colors: [Color]
    private let back: ShapeNode
    private let front: ShapeNode
    private let motion: MotionSettings
    private var sampledKey: (Int, Int)?
    private var generation = 0

    /// How a new gradient replaces the old one: ease in and out over 0.8 s.
    public static let fade = Animation.easeInOut(duration: 0.8)

    /// A background sampled from `image` in `bands` bands, `fallback` until then; `motion` says whether
    /// changes fade.
    public init(image: ImageAsset, bands: Int = 3, fallback: [Color] = [.indigo, .black], motion: MotionSettings = MotionSettings()) {
        self.image = image
        self.bands = bands
        self.fallback = fallback.isEmpty ? [.indigo, .black] : fallback
        colors = self.fallback
        self.motion = motion
        back = ShapeNode(.rect, fill: .gradient(self.fallback, from: .top, to: .bottom))
        front = ShapeNode(.rect, fill: .gradient(self.fallback, from: .top, to: .bottom))
        super.init(children: [back, front])
        semantics.hidden = true
        observe(image)
    }

    /// Shows another photo's gradient (fading from the current one).
    public func setImage(_ asset: ImageAsset) {
        guard asset !== image else { return }
        image = asset
        observe(asset)
        resample()
    }

    private func observe(_ asset: ImageAsset) {
        asset.observe { [weak self] a in if a === self?.image { self?.resample() } }
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(with: .zero).finite
    }

    public override func placeChildren(in size: Size) {
        back.place(at: .zero, size: size)
        front.place(at: .zero, size: size)
        if sampledKey == nil { resample() }
    }

    /// Samples the photo (if it changed) on the tree's background queue.
    func resample() {
        guard let tree else { return }
        let count = max(bands, 1)
        guard let pixels = image.pixels else {
            if image.failure != nil { show(nil) }
            return
        }
        if let k = sampledKey, k == (image.id, count) { return }
        sampledKey = (image.id, count)
        generation += 1
        let ticket = generation
        tree.background.run({ DerivedGradientBackground.sample(pixels, bands: count) }) { [weak self] sampled in
            guard let self, ticket == self.generation else { return }
            self.show(sampled.isEmpty ? nil : sampled)
        }
    }

    /// The component's sampling: fill-and-crop into 24×24, then band averages.
    public static func sample(_ pixels: PixelBuffer, bands: Int) -> [Color] {
        let n = GradientSampling.sampleSize
        let scale = max(Double(n) / Double(pixels.width), Double(n) / Double(pixels.height))
        let w = max(Int((Double(pixels.width) * scale).rounded()), n), h = max(Int((Double(pixels.height) * scale).rounded()), n)
        let scaled = pixels.resampled(width: w, height: h)
        let crop = PixelBuffer(width: n, height: n)
        let ox = (w - n) / 2, oy = (h - n) / 2
        for y in 0..<n { for x in 0..<n { crop[x, y] = scaled[x + ox, y + oy] } }
        return GradientSampling.bands(crop, count: bands)
    }

    private func show(_ sampled: [Color]?) {
        let new = sampled ?? fallback
        guard new != colors else { return }
        let old = colors
        colors = new
        // The old gradient stays underneath at full opacity while the new one fades in over it.
        back.fill = .gradient(old, from: .top, to: .bottom)
        front.opacity = 0
        front.fill = .gradient(new, from: .top, to: .bottom)
        withAnimation(motion.reduceMotion ? nil : DerivedGradientBackground.fade) { front.opacity = 1 }
    }
}
