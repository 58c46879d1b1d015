import FoundationEssentials
import Pixels
import Render

/// How two pictures of the same size differ, channel by channel: what a snapshot test checks
/// against its tolerance.
public struct PixelDifference: Sendable, CustomStringConvertible {
    /// Pixels compared.
    public let pixels: Int
    /// Pixels with a channel (alpha, red, green or blue) more than the tolerance apart.
    public let differing: Int
    /// The largest difference of one channel anywhere, 0…255.
    public let largest: Int
    /// Whether the sizes were the same (nothing else is compared when not).
    public let sameSize: Bool

    /// Compares `a` with `b`, counting pixels with a channel more than `tolerance` apart.
    public init(_ a: PixelBuffer, _ b: PixelBuffer, tolerance: Int = 2) {
        sameSize = a.width == b.width && a.height == b.height
        guard sameSize else { pixels = 0; differing = 0; largest = 255; return }
        var differing = 0, largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                guard p != q else { continue }
                var worst = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = Int((p >> UInt32(shift)) & 255) - Int((q >> UInt32(shift)) & 255)
                    worst = max(worst, d < 0 ? -d : d)
                }
                largest = max(largest, worst)
                if worst > tolerance { differing += 1 }
            }
        }
        pixels = a.width * a.height
        self.differing = differing
        self.largest = largest
    }

    /// Whether no more than `fraction` of the pixels differ beyond the tolerance.
    public func matches(allowing fraction: Double = 0) -> Bool {
        sameSize && Double(differing) <= fraction * Double(pixels)
    }

    /// "12 of 1,024,000 pixels differ (largest channel difference 40)".
    public var description: String {
        sameSize ? "\(differing) of \(pixels) pixels differ (largest channel difference \(largest))" : "the sizes differ"
    }
}

/// A picture kept beside a test as a PNG, and compared with what the app draws now within a
/// tolerance (anti-aliasing and rounding move a channel by a unit or two between machines'
/// libraries; a real change moves many pixels by much more).
///
/// The first run writes the picture (look at it!) and reports that it did, which a test counts
/// as a failure; later runs compare. `compare(_:record: true)` writes it anew after a
/// deliberate change.
public struct PixelSnapshot: Sendable {
    /// The PNG's path: `__Snapshots__/NAME.png` in the folder of the test file.
    public let path: String
    /// A channel may be this far from the stored one (0…255).
    public var tolerance: Int
    /// This fraction of the pixels may differ beyond the tolerance.
    public var fraction: Double

    /// The snapshot called `name` of the test in `file` (the calling file by default).
    public init(_ name: String, tolerance: Int = 2, fraction: Double = 0.001, file: String = #filePath) {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        path = folder.appendingPathComponent(name + ".png").path
        self.tolerance = tolerance
        self.fraction = fraction
    }

    /// What comparing a picture with the stored one found.
    public enum Outcome: Sendable, CustomStringConvertible {
        /// Within the tolerance.
        case matched(PixelDifference)
        /// Beyond it; the picture drawn now is kept beside the stored one as NAME.actual.png.
        case differed(PixelDifference, actual: String)
        /// There was none (or recording was asked for): the picture was written.
        case recorded(String)

        /// Whether the picture matched.
        public var matched: Bool { if case .matched = self { true } else { false } }

        /// One line for a test's failure message.
        public var description: String {
            switch self {
            case .matched(let d): "matches the snapshot: \(d)"
            case .differed(let d, let actual): "differs from the snapshot: \(d); drawn now: \(actual)"
            case .recorded(let path): "recorded a new snapshot at \(path): look at it, then run again"
            }
        }
    }

    /// Compares `pixels` with the stored picture, or writes it when there is none or `record`.
    public func compare(_ pixels: PixelBuffer, record: Bool = false) throws -> Outcome {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if record || !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try PNGFile.write(pixels, to: path)
            return .recorded(path)
        }
        let stored = try PNGFile.read(path)
        let difference = PixelDifference(pixels, stored, tolerance: tolerance)
        if difference.matches(allowing: fraction) { return .matched(difference) }
        let actual = String(path.dropLast(4)) + ".actual.png"
        try PNGFile.write(pixels, to: actual)
        return .differed(difference, actual: actual)
    }
}
