import Foundation
import Testing
import Geometry

@Suite("Affine and projective transforms")
struct TransformTests {
    func close(_ a: Point?, _ b: Point, _ tol: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) < tol && abs(a.y - b.y) < tol
    }

    @Test func concatenationAppliesLeftFirst() {
        let t = AffineTransform.scale(2, 2).concatenating(.translation(10, 0))
        #expect(t.apply(Point(1, 1)) == Point(12, 2))
    }

    @Test func inverseUndoes() {
        let t = AffineTransform.rotation(0.7).concatenating(.scale(3, 0.5)).concatenating(.translation(4, -2))
        let p = Point(3, 8)
        #expect(close(t.inverted()?.apply(t.apply(p)), p))
        #expect(AffineTransform.scale(0, 1).inverted() == nil)
    }

    @Test func rotationAboutAnchorKeepsTheAnchor() {
        let t = AffineTransform.rotation(.pi / 2, about: Point(5, 5))
        #expect(close(t.apply(Point(5, 5)), Point(5, 5)))
        #expect(close(t.apply(Point(10, 5)), Point(5, 10)), "clockwise on a y-down screen")
    }

    @Test func projectionInverseAndAffineEmbedding() {
        let q = Projection([1.2, 0.1, 10, 0.05, 0.9, 8, 0.002, 0.001, 1])
        let p = Point(30, 40)
        #expect(close(q.inverted()?.apply(q.apply(p)!), p, 1e-9))
        let a = AffineTransform.translation(3, 4)
        #expect(Projection(a).apply(p) == a.apply(p))
    }

    @Test func rotation3DAtZeroIsTheIdentity() {
        let q = Projection.rotation3D(degrees: 0, axis: (0.5, 0, 0.1), size: Size(width: 320, height: 240))
        for c in [Point(0, 0), Point(320, 0), Point(0, 240), Point(320, 240)] { #expect(close(q.apply(c), c)) }
    }

    @Test func rotation3DAboutYByHandComputedCorners() {
        // 60° about y through the centre of a 200×100 view, m34 = −1/200.
        // A corner at x' = ±100 (from the centre) goes to x = ±100·cos60 = ±50, z = ∓100·sin60
        // (right-hand rule), w = 1 − z/200; the screen point is (x/w, y/w) from the centre.
        let q = Projection.rotation3D(degrees: 60, axis: (0, 1, 0), size: Size(width: 200, height: 100))
        let s = sin(Double.pi / 3)
        for (px, py) in [(-100.0, -50.0), (100.0, -50.0), (-100.0, 50.0), (100.0, 50.0)] {
            let x = px * 0.5, z = -px * s, w = 1 - z / 200
            let expected = Point(100 + x / w, 50 + py / w)
            #expect(close(q.apply(Point(100 + px, 50 + py)), expected, 1e-9))
        }
    }
}

@Suite("The seed 004 rotation")
struct Rotation3DTests {
    @Test func cornersOfA320x240CardRotated90AboutTheSeedsAxis() {
        // By hand: axis (0.5, 0, 0.1) normalised, Rodrigues' rotation by 90° (cos 0, sin 1):
        // R = I + K + K² with K the cross-product matrix of the unit axis; a corner at
        // (x, y, 0) from the centre goes to R·(x, y, 0); with perspective 1, m34 = −1/320,
        // w = 1 − z/320 and the screen point is centre + (x'/w, y'/w).
        let len = (0.25 + 0.01).squareRoot()
        let (ax, ay, az) = (0.5 / len, 0.0, 0.1 / len)
        let K = [[0, -az, ay], [az, 0, -ax], [-ay, ax, 0]]
        var R = [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]
        for i in 0..<3 { for j in 0..<3 {
            R[i][j] += K[i][j] + (0..<3).reduce(0) { $0 + K[i][$1] * K[$1][j] }
        } }
        let q = Projection.rotation3D(degrees: 90, axis: (0.5, 0, 0.1), size: Size(width: 320, height: 240))
        for (cx, cy) in [(-160.0, -120.0), (160.0, -120.0), (-160.0, 120.0), (160.0, 120.0)] {
            let x = R[0][0] * cx + R[0][1] * cy, y = R[1][0] * cx + R[1][1] * cy, z = R[2][0] * cx + R[2][1] * cy
            let w = 1 - z / 320
            guard w > 0 else { #expect(q.apply(Point(160 + cx, 120 + cy)) == nil); continue }
            let expected = Point(160 + x / w, 120 + y / w)
            guard let got = q.apply(Point(160 + cx, 120 + cy)) else { Issue.record("corner behind the viewer"); continue }
            #expect(abs(got.x - expected.x) < 1e-9 && abs(got.y - expected.y) < 1e-9, "\(got) vs \(expected)")
        }
    }

    @Test func zeroDegreesIsTheIdentity() {
        #expect(Projection.rotation3D(degrees: 0, axis: (0.5, 0, 0.1), size: Size(width: 320, height: 240)) == .identity)
    }
}
