import CGLES

/// One kind of GPU work in a frame, timed on the GPU: how often it ran, the pixels it drew and
/// its GPU time in milliseconds.
package struct GPUProfileEntry: Equatable, Sendable {
    package var label: String
    package var count: Int
    package var pixels: Int
    package var milliseconds: Double

    package init(label: String, count: Int, pixels: Int, milliseconds: Double) {
        self.label = label; self.count = count; self.pixels = pixels; self.milliseconds = milliseconds
    }
}

/// Times each piece of a frame's GPU work (a quad, a clear, a blur pass, the coverage pass)
/// with a timer query of its own (`EXT_disjoint_timer_query`), for `lumen bench` with
/// `LUMEN_GL_PROFILE=1`: where a frame's GPU time goes, by paint and cover; and the CPU time of
/// each walk over the commands, by kind of command ("CPU plan: fill", "CPU draw: text").
/// Queries do not nest, so the frame's own query is off while it profiles.
final class GPUProfile {
    private var pending: [(label: String, pixels: Int, query: GLuint)] = []
    /// CPU time by label ("CPU draw: text"), in seconds, and how often.
    private var cpu: [String: (count: Int, seconds: Double)] = [:]

    /// Adds CPU time spent on one command of kind `label`.
    func addCPU(_ label: String, _ d: Duration) {
        let c = d.components
        let e = cpu[label] ?? (0, 0)
        cpu[label] = (e.count + 1, e.seconds + Double(c.seconds) + Double(c.attoseconds) * 1e-18)
    }

    /// Runs `body` (GL calls that draw `pixels` pixels) inside a query labelled `label`.
    func measure(_ label: String, pixels: Int, _ body: () -> Void) {
        var q: GLuint = 0
        glGenQueries(1, &q)
        glBeginQuery(GLenum(GL_TIME_ELAPSED_EXT), q)
        body()
        glEndQuery(GLenum(GL_TIME_ELAPSED_EXT))
        pending.append((label, pixels, q))
    }

    /// The frame's entries, summed by label, most time first (waits for the GPU's results).
    func collect() -> [GPUProfileEntry] {
        var byLabel: [String: GPUProfileEntry] = [:]
        for p in pending {
            let ns = lumen_gl_query_ns(p.query)
            var q = p.query
            glDeleteQueries(1, &q)
            var e = byLabel[p.label] ?? GPUProfileEntry(label: p.label, count: 0, pixels: 0, milliseconds: 0)
            e.count += 1
            e.pixels += p.pixels
            e.milliseconds += ns >= 0 ? Double(ns) / 1e6 : 0
            byLabel[p.label] = e
        }
        pending = []
        for (label, e) in cpu { byLabel[label] = GPUProfileEntry(label: label, count: e.count, pixels: 0, milliseconds: e.seconds * 1000) }
        cpu = [:]
        return byLabel.values.sorted { $0.milliseconds > $1.milliseconds }
    }
}
