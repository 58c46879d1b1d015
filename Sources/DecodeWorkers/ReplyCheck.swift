import Imaging

/// What the app accepts of a worker's answer, field by field, before any of it is used: a worker
/// that a photo has taken over answers whatever it likes (Chromium checks every message from a
/// less trusted process the same way, and ends that process, not itself, on a bad one). Every
/// bound comes before any arithmetic on the values, and products are checked.
package enum ReplyCheck {
    /// Why an answer was refused: the field and its value, for the photo's one log line
    /// ("the decoder's answer was refused: width 70368744177664 is over the 32767 asked for").
    package struct Refusal: Error, Equatable {
        package var reason: String
        init(_ reason: String) { self.reason = reason }

        static func length(_ count: Int) -> Refusal { Refusal("a message of \(count) bytes is not an answer's layout") }
        static func descriptors(_ count: Int, _ expected: Int) -> Refusal {
            Refusal("it came with \(count) descriptor\(count == 1 ? "" : "s"), not \(expected)")
        }
    }

    /// The largest original side the user guide's header limits let through (JPEG's 65,535; a
    /// PNG or TIFF to 2³¹ − 1 a side within 100 megapixels), and the largest original area
    /// (a JPEG of 65,535², decoded at a reduced size).
    static let originalSide = Int(Int32.max)
    static let originalPixels = 65535 * 65535

    /// Nil when `reply`, which came with `descriptors` descriptors, answers `job` within what it
    /// asked; else why not.
    static func refusal(of reply: WorkerReply, for job: DecodeJob, descriptors: Int) -> Refusal? {
        switch reply {
        case .failure, .forbiddenCall:
            return descriptors == 0 ? nil : .descriptors(descriptors, 0)
        case .pixels(let w, let h, _, let ow, let oh):
            guard descriptors == 1 else { return .descriptors(descriptors, 1) }
            let side = job.box == nil ? min(job.width ?? ImageDecoder.maxSide, ImageDecoder.maxSide) : ImageDecoder.maxSide
            if let why = within("width", w, 1...side) ?? within("height", h, 1...ImageDecoder.maxSide) { return why }
            // A cached thumbnail (at most 1024²) answers a box whatever the job's cap.
            let cap = max(job.maxPixels, ThumbnailCache.Size.xxLarge.rawValue * ThumbnailCache.Size.xxLarge.rawValue)
            let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
            if overflow || pixels > cap { return Refusal("size \(w)×\(h) is over the \(cap) pixels asked for") }
            if let why = within("original width", ow, 0...originalSide) ?? within("original height", oh, 0...originalSide) { return why }
            let (original, over) = ow.multipliedReportingOverflow(by: oh)
            if over || original > originalPixels { return Refusal("original size \(ow)×\(oh) is over any photo's \(originalPixels) pixels") }
            return nil
        }
    }

    private static func within(_ field: String, _ value: Int, _ range: ClosedRange<Int>) -> Refusal? {
        if value < range.lowerBound { return Refusal("\(field) \(value) is under the \(range.lowerBound) a picture has") }
        if value > range.upperBound { return Refusal("\(field) \(value) is over the \(range.upperBound) asked for") }
        return nil
    }
}
