/// One input Lumen takes from outside, as a fuzzer feeds it: bytes in, nothing out. Each target
/// runs the bytes through Lumen's own reading of that input, the way the app runs it, and
/// traps (a crash libFuzzer reports) only where the app would misbehave: a check that lets
/// through what it must refuse, a descriptor leaked, a read past what was checked. A refusal is
/// the right answer to most inputs.
///
/// `lumen-fuzz` runs one under libFuzzer (`make fuzz`), and the tests replay every target's
/// seeds and regression files through `run` with no fuzzer at all.
package enum FuzzTarget: String, CaseIterable, Sendable {
    case jpeg, png, gif, webp, tiff, heif
    /// Any bytes as a photo's header: sniffing, sizes, frame counts and EXIF orientation.
    case header
    /// A video file, demuxed, decoded, converted and rewound as the video worker does.
    case video
    /// A playlist: its JSON, its entries, its schedules and the timetable they make.
    case playlist
    /// An input script (`--script`), parsed and each step turned into its event.
    case script
    /// The command line, `--set` values with it: arguments split at NUL bytes.
    case commandLine = "command-line"
    /// A cached thumbnail PNG, read as the app reads one before trusting it.
    case thumbnail
    /// A photo decoder's answer: its bytes and the descriptors that came with it.
    case photoReply = "photo-reply"
    /// A video worker's answers, one after another.
    case videoReply = "video-reply"

    /// Whether nothing else runs in the process (the fuzzer, the replay driver): the targets
    /// then also check what is the process's as a whole, such as its open descriptors. False
    /// by default, as in a test process where other tests open files meanwhile.
    nonisolated(unsafe) package static var alone = false

    /// Why the target cannot run in this process, or nil: the video target without FFmpeg's
    /// libraries would refuse every input and fuzz nothing.
    package var cannotRun: String? {
        guard self == .video else { return nil }
        return VideoFileFuzzing.missingLibrary
    }

    /// Runs `bytes` through the target.
    package func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .jpeg: PhotoFuzzing.decode(bytes, only: [.jpeg])
        case .png: PhotoFuzzing.decode(bytes, only: [.png])
        case .gif: PhotoFuzzing.decode(bytes, only: [.gif])
        case .webp: PhotoFuzzing.decode(bytes, only: [.webp])
        case .tiff: PhotoFuzzing.decode(bytes, only: [.tiff])
        case .heif: PhotoFuzzing.decode(bytes, only: [.heic, .avif])
        case .header: PhotoFuzzing.header(bytes)
        case .video: VideoFileFuzzing.decode(bytes)
        case .playlist: PlaylistFuzzing.parse(bytes)
        case .script: ScriptFuzzing.parse(bytes)
        case .commandLine: CommandLineFuzzing.parse(bytes)
        case .thumbnail: ThumbnailFuzzing.read(bytes)
        case .photoReply: PhotoReplyFuzzing.accept(bytes)
        case .videoReply: VideoReplyFuzzing.converse(bytes)
        }
    }

    /// Runs `bytes` through the target.
    package func run(_ bytes: [UInt8]) { bytes.withUnsafeBytes { run($0) } }
}
