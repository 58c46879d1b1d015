import CCairo
import Geometry
import Pixels

/// Reading and writing PNG files of premultiplied ARGB32 pixels (through Cairo's libpng).
package enum PNGFile {
    /// Why a PNG could not be read or written.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `buffer` to `path`.
    public static func write(_ buffer: PixelBuffer, to path: String) throws {
        let s = CairoSurface.wrap(buffer)
        defer { cairo_surface_destroy(s) }
        let status = cairo_surface_write_to_png(s, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// `buffer` as a PNG file's bytes (for sending a screenshot through a socket).
    public static func encode(_ buffer: PixelBuffer) throws -> [UInt8] {
        let s = CairoSurface.wrap(buffer)
        defer { cairo_surface_destroy(s) }
        var bytes: [UInt8] = []
        let status = withUnsafeMutablePointer(to: &bytes) { out in
            cairo_surface_write_to_png_stream(s, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                closure.assumingMemoryBound(to: [UInt8].self).pointee.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, out)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cannot encode a PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return bytes
    }

    /// Reads a PNG into premultiplied ARGB32 (for reference-image tests).
    public static func read(_ path: String) throws -> PixelBuffer {
        let s = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(s) }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cannot read \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        let w = Int(cairo_image_surface_get_width(s)), h = Int(cairo_image_surface_get_height(s))
        let stride = Int(cairo_image_surface_get_stride(s))
        let out = PixelBuffer(width: w, height: h)
        guard let data = cairo_image_surface_get_data(s) else { return out }
        let format = cairo_image_surface_get_format(s)
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { out[x, y] = format == CAIRO_FORMAT_RGB24 ? row[x] | 0xFF00_0000 : row[x] }
        }
        return out
    }
}
