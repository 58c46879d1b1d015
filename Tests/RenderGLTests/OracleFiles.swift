import Foundation
import Render
import Pixels

/// Where a failed comparison leaves its pictures: the GPU frame, Cairo's, and the difference.
enum OracleFiles {
    static let folder = ".build/gl-oracle"

    static func write(_ label: String, gpu: PixelBuffer, cairo: PixelBuffer) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? PNGFile.write(gpu, to: "\(folder)/\(label)-gl.png")
        try? PNGFile.write(cairo, to: "\(folder)/\(label)-cairo.png")
        try? PNGFile.write(OracleComparison.differenceImage(gpu, cairo), to: "\(folder)/\(label)-diff.png")
    }
}
