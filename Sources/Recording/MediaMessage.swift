import CMediaEncoders

/// The one-line reason a C encoder copied into its buffer.
enum MediaMessage {
    static func buffer() -> [CChar] { [CChar](repeating: 0, count: Int(LUMEN_MEDIA_ERROR_SIZE)) }
    static func text(_ buffer: [CChar]) -> String {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "unknown error" : text
    }
}
