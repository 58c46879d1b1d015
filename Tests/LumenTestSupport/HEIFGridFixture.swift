import CTestEncoders
import Foundation

/// A HEIC or AVIF whose primary item is a real grid (ISO 23008-12 §6.6.2.3) of tiles, each coded
/// by libheif's own encoder: what a phone writes (a 12-megapixel HEIC is a grid of 512² tiles).
/// libheif 1.15 cannot write a grid, so the tiles' coded data and properties are taken from
/// single-tile files it wrote and put in a grid item's boxes here.
public enum HEIFGridFixture {
    /// A `columns` × `rows` grid of `tile`-sized tiles of `pixel` (the whole picture's
    /// coordinates); codec 1 HEVC, 2 AV1. Nil when this system's libheif cannot encode it.
    /// `declaring` is the output size its grid descriptor gives (16-bit), where a hostile file
    /// says more than its `ispe`; the tiles' whole by default.
    public static func grid(codec: Int, columns: Int, rows: Int, tile: (width: Int, height: Int),
                            declaring: (width: Int, height: Int)? = nil,
                            _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8]? {
        var tiles: [[UInt8]] = []
        var configs: [[UInt8]] = [], colour: [UInt8] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let px = FormatFixtures.rgba(tile.width, tile.height) { pixel(column * tile.width + $0, row * tile.height + $1) }
                var size = 0
                guard let p = lumen_test_heif_icc(px, Int32(tile.width), Int32(tile.height), Int32(codec), 1, nil, 0, 0, &size) else { return nil }
                let file = Array(UnsafeBufferPointer(start: p, count: size))
                free(p)
                guard let data = payload(of: "mdat", in: file), let c = box(codec == 2 ? "av1C" : "hvcC", in: file),
                      let n = box("colr", in: file) else { return nil }
                tiles.append(data); configs.append(c); colour = n
            }
        }
        let brand = codec == 2 ? "avif" : "heic", tileType = codec == 2 ? "av01" : "hvc1"
        let ftyp = make("ftyp", Array(brand.utf8) + [0, 0, 0, 0] + Array("mif1\(brand)miaf".utf8))
        let count = tiles.count
        // Properties: 1 the grid's size, 2 the tiles' size, 3 colour, 4… each tile's coding.
        let ispe = { (w: Int, h: Int) in full("ispe", be32(w) + be32(h)) }
        let ipco = make("ipco", ispe(columns * tile.width, rows * tile.height) + ispe(tile.width, tile.height) + colour + configs.flatMap { $0 })
        var ipma = be32(count + 1) + be16(1) + [2, 0x01, 0x83]
        for id in 0..<count { ipma += be16(id + 2) + [3, 0x80 | UInt8(4 + id), 0x02, 0x83] }
        let iprp = make("iprp", ipco + full("ipma", ipma))
        var infe = full("infe", be16(1) + be16(0) + Array("grid".utf8) + [0], version: 2)
        for id in 0..<count { infe += full("infe", be16(id + 2) + be16(0) + Array(tileType.utf8) + [0], version: 2, flags: 1) }
        let iinf = full("iinf", be16(count + 1) + infe)
        let iref = full("iref", make("dimg", be16(1) + be16(count) + (0..<count).flatMap { be16($0 + 2) }))
        let output = declaring ?? (columns * tile.width, rows * tile.height)
        let descriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + be16(output.width) + be16(output.height)
        let idat = make("idat", descriptor)
        func meta(mdatStart: Int) -> [UInt8] {
            // iloc version 1: 4-byte offsets and lengths, no base offset; the grid from idat.
            var iloc = [0x44, 0x00] + be16(count + 1) + be16(1) + be16(1) + be16(0) + be16(1) + be32(0) + be32(descriptor.count)
            var offset = mdatStart
            for (id, data) in tiles.enumerated() {
                iloc += be16(id + 2) + be16(0) + be16(0) + be16(1) + be32(offset) + be32(data.count)
                offset += data.count
            }
            let hdlr = full("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            return full("meta", hdlr + full("pitm", be16(1)) + full("iloc", iloc, version: 1) + iinf + iref + iprp + idat)
        }
        let start = ftyp.count + meta(mdatStart: 0).count + 8
        return ftyp + meta(mdatStart: start) + make("mdat", tiles.flatMap { $0 })
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { ImageFixtures.be32(UInt32(v)) }
    static func make(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + Array(type.utf8) + payload }
    static func full(_ type: String, _ payload: [UInt8], version: UInt8 = 0, flags: UInt8 = 0) -> [UInt8] {
        make(type, [version, 0, 0, flags] + payload)
    }

    /// The whole box (size and type included) of the first `type` box in `file`.
    static func box(_ type: String, in file: [UInt8]) -> [UInt8]? {
        let tag = Array(type.utf8)
        guard let at = (4..<(file.count - 4)).first(where: { Array(file[$0..<$0 + 4]) == tag }) else { return nil }
        let size = Int(file[at - 4]) << 24 | Int(file[at - 3]) << 16 | Int(file[at - 2]) << 8 | Int(file[at - 1])
        guard size >= 8, at - 4 + size <= file.count else { return nil }
        return Array(file[(at - 4)..<(at - 4 + size)])
    }

    /// The payload of the first `type` box in `file`.
    static func payload(of type: String, in file: [UInt8]) -> [UInt8]? {
        box(type, in: file).map { Array($0.dropFirst(8)) }
    }
}
