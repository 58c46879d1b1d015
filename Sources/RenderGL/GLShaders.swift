/// The renderer's GLSL ES 3.00 programs. Conventions (as Cairo's): premultiplied colour
/// blended on sRGB-encoded values, pixel centres at +0.5, device pixels with y down; an
/// offscreen target keeps row 0 at the top (no flip), the window flips.
enum GLShaders {
    /// One quad per draw, its corners from `gl_VertexID` (no vertex buffers): `uQuad` is the
    /// device-pixel rectangle (x0, y0, x1, y1).
    static let quadVertex = """
    #version 300 es
    precision highp float;
    uniform vec4 uQuad;
    uniform vec4 uFrame;      // origin of the target in frame device pixels (xy), target height (z), flip (w)
    uniform vec2 uTargetSize;
    void main() {
        int v = gl_VertexID;
        vec2 p = vec2((v & 1) == 1 ? uQuad.z : uQuad.x, (v & 2) == 2 ? uQuad.w : uQuad.y);
        vec2 n = (p - uFrame.xy) / uTargetSize * 2.0 - 1.0;
        if (uFrame.w > 0.5) n.y = -n.y;
        gl_Position = vec4(n, 0.0, 1.0);
    }
    """

    /// Paint × shape coverage × clip coverage × opacity, compiled once for each paint and kind
    /// of cover used together (`PAINT`, `COVER0`…`COVER3`), so each variant keeps only its own
    /// branches: a fragment shader's every instruction counts where fill rate is short.
    /// Paints: 0 colour, 1 linear gradient,
    /// 2 image (saturation), 3 alpha mask × colour or gradient, 4 pixelated layer, 5 a layer as is,
    /// 6 a layer through a projection (`ProjectiveSampler`'s kernel), 7 two gradients cross-fading.
    /// Coverage of the shape (slot 0) and of up to three clips (1…3): 0 full, 1 a device box
    /// (exact area), 2 an accumulated-area atlas entry, 3 a rounded box or ring (corners from the atlas), 4 a convex quadrilateral (analytic).
    static let paintFragment = """
    #version 300 es
    precision highp float;
    precision highp int;
    uniform vec4 uFrame;
    #define uPaint PAINT
    uniform vec4 uColor;
    uniform float uOpacity;
    uniform sampler2D uTex;
    uniform mat3 uTexMatrix;
    uniform vec2 uTexSize;
    uniform int uTexFetch;
    uniform float uSaturation;
    uniform int uMaskGradient;
    uniform vec3 uGrad;
    uniform int uStops;
    uniform float uStopAt[8];
    uniform vec4 uStopColor[8];
    uniform vec3 uGrad2;
    uniform int uStops2;
    uniform float uStopAt2[8];
    uniform vec4 uStopColor2[8];
    uniform float uOpacity2;
    uniform vec4 uPixelate;
    uniform vec2 uLimit;
    uniform vec4 uBox[4];
    uniform vec2 uAtlasOffset[4];
    uniform vec4 uCornerBox[4];
    uniform vec4 uCornerSize[4];
    uniform vec4 uInner[4];
    uniform vec4 uEdges[16];
    uniform sampler2D uAtlas0;
    uniform sampler2D uAtlas1;
    uniform sampler2D uAtlas2;
    uniform sampler2D uAtlas3;
    out vec4 fragColor;

    float boxCover(vec4 b, vec2 p) {
        vec2 d = max(min(p + 0.5, b.zw) - max(p - 0.5, b.xy), 0.0);
        return d.x * d.y;
    }
    float atlasCover(sampler2D atlas, vec2 offset, vec2 p) {
        return min(abs(texelFetch(atlas, ivec2(floor(p) + offset), 0).r), 1.0);
    }
    // A rounded rectangle or ring on the pixel grid: its corner boxes from the atlas (one
    // quadrant each), elsewhere the outer box less the inner one, exactly.
    float cornersCover(vec4 outer, vec4 inner, vec4 b, vec4 size, sampler2D atlas, vec2 p) {
        vec2 f = floor(p);
        float qx = f.x < b.x + size.x ? 0.0 : (f.x >= b.z - size.x ? 1.0 : -1.0);
        float qy = f.y < b.y + size.y ? 0.0 : (f.y >= b.w - size.y ? 1.0 : -1.0);
        if (qx >= 0.0 && qy >= 0.0) {
            vec2 origin = vec2(qx == 0.0 ? b.x : b.z - size.x, qy == 0.0 ? b.y : b.w - size.y);
            return min(abs(texelFetch(atlas, ivec2(f - origin + vec2(qx, qy) * size.xy + size.zw), 0).r), 1.0);
        }
        return boxCover(outer, p) - boxCover(inner, p);
    }
    // The part of the pixel square on the inside of the line e.xy·p + e.z = 0 (e.xy the unit
    // normal): 0.5 + d/a across the middle, quadratic where a corner of the square crosses.
    float halfPlane(vec4 e, vec2 p) {
        float d = dot(e.xy, p) + e.z;
        float a = max(abs(e.x), abs(e.y)), b = min(abs(e.x), abs(e.y));
        float s = 0.5 * (a + b), t = 0.5 * (a - b);
        if (d >= s) return 1.0;
        if (d <= -s) return 0.0;
        if (b < 1e-5) return clamp(0.5 + d / a, 0.0, 1.0);
        if (d > t) { float u = s - d; return 1.0 - u * u / (2.0 * a * b); }
        if (d < -t) { float u = s + d; return u * u / (2.0 * a * b); }
        return 0.5 + d / a;
    }
    float convexCover(int slot, vec2 p) {
        return min(min(halfPlane(uEdges[slot * 4], p), halfPlane(uEdges[slot * 4 + 1], p)),
                   min(halfPlane(uEdges[slot * 4 + 2], p), halfPlane(uEdges[slot * 4 + 3], p)));
    }
    float cover(int slot, int mode, vec4 box, vec2 offset, sampler2D atlas, vec2 p) {
        if (mode == 1) return boxCover(box, p);
        if (mode == 2) return atlasCover(atlas, offset, p);
        if (mode == 3) return cornersCover(box, uInner[slot], uCornerBox[slot], uCornerSize[slot], atlas, p);
        if (mode == 4) return convexCover(slot, p);
        return 1.0;
    }
    vec4 gradientOf(vec3 g, int n, float at[8], vec4 colors[8], vec2 p) {
        float t = clamp(dot(g.xy, p) + g.z, 0.0, 1.0);
        vec4 c = colors[0];
        for (int i = 1; i < 8; i++) {
            if (i >= n) break;
            if (t <= at[i]) {
                float span = at[i] - at[i - 1];
                float f = span > 0.0 ? clamp((t - at[i - 1]) / span, 0.0, 1.0) : 1.0;
                c = mix(colors[i - 1], colors[i], f);
                break;
            }
            c = colors[i];
        }
        return vec4(c.rgb * c.a, c.a);
    }
    vec4 gradient(vec2 p) { return gradientOf(uGrad, uStops, uStopAt, uStopColor, p); }
    // Two gradients filling the same box, the second at uOpacity2 over the first (a cross-fade),
    // in one pass: what drawing them one after the other gives.
    vec4 crossfade(vec2 p) {
        vec4 under = gradient(p);
        vec4 over = gradientOf(uGrad2, uStops2, uStopAt2, uStopColor2, p) * uOpacity2;
        return over + under * (1.0 - over.a);
    }
    vec4 image(vec2 p) {
        vec3 t = uTexMatrix * vec3(p, 1.0);
        vec2 tc = t.xy / t.z;
        vec4 c;
        if (uTexFetch == 1) c = texelFetch(uTex, clamp(ivec2(floor(tc)), ivec2(0), ivec2(uLimit) - 1), 0);
        else c = texture(uTex, tc / uTexSize);
        float luma = dot(c.rgb, vec3(0.2126, 0.7152, 0.0722));
        return vec4(mix(vec3(luma), c.rgb, uSaturation), c.a);
    }
    vec4 pixelated(vec2 p) {
        // Pixelate Shader Effect's rule as Cairo's NEAREST down-then-up draws it: the block of the pixel's
        // centre, then the source pixel at the block's centre, both nudged by 1/256.
        float b = uPixelate.z;
        vec2 local = floor(p) - uPixelate.xy;
        vec2 blocks = max(ceil(uLimit / b), 1.0);
        vec2 i = clamp(floor((local + 0.5 + 1.0 / 256.0) / b), vec2(0.0), blocks - 1.0);
        vec2 s = clamp(floor((i + 0.5) * b + 1.0 / 256.0), vec2(0.0), uLimit - 1.0);
        return texelFetch(uTex, ivec2(s), 0);
    }
    // ProjectiveSampler's kernel exactly: the source point of the pixel centre, its four
    // neighbours (transparent outside), weights in 1/256 steps, truncating lerps.
    vec4 fetch0(ivec2 q) {
        if (q.x < 0 || q.y < 0 || q.x >= int(uLimit.x) || q.y >= int(uLimit.y)) return vec4(0.0);
        return floor(texelFetch(uTex, q, 0) * 255.0 + 0.5);
    }
    vec4 lerp256(vec4 a, vec4 b, float w) { return floor((a * (256.0 - w) + b * w) / 256.0); }
    vec4 projected(vec2 p) {
        vec3 t = uTexMatrix * vec3(p, 1.0);
        if (t.z <= 1e-12) return vec4(0.0);
        vec2 s = t.xy / t.z - 0.5;
        if (s.x <= -1.0 || s.y <= -1.0 || s.x >= uLimit.x || s.y >= uLimit.y) return vec4(0.0);
        vec2 f0 = floor(s);
        ivec2 i = ivec2(f0);
        vec2 w = floor((s - f0) * 256.0);
        vec4 top = lerp256(fetch0(i), fetch0(i + ivec2(1, 0)), w.x);
        vec4 bottom = lerp256(fetch0(i + ivec2(0, 1)), fetch0(i + ivec2(1, 1)), w.x);
        return lerp256(top, bottom, w.y) / 255.0;
    }
    void main() {
        vec2 f = gl_FragCoord.xy;
        if (uFrame.w > 0.5) f.y = uFrame.z - f.y;
        vec2 p = f + uFrame.xy;
        vec4 c;
        if (uPaint == 0) c = uColor;
        else if (uPaint == 1) c = gradient(p);
        else if (uPaint == 2) c = image(p);
        else if (uPaint == 3) {
            vec3 t = uTexMatrix * vec3(p, 1.0);
            float a = texture(uTex, t.xy / uTexSize).r;
            c = (uMaskGradient == 1 ? gradient(p) : uColor) * a;
        }
        else if (uPaint == 4) c = pixelated(p);
        else if (uPaint == 6) c = projected(p);
        else if (uPaint == 7) c = crossfade(p);
        else c = texelFetch(uTex, ivec2(floor(p) - uPixelate.xy), 0);
        // Coverages combine by their minimum: a photo in a clip of its own outline (edges that
        // coincide) is covered as Cairo's intersected polygons cover it, not squared.
        float k = 1.0;
    #if COVER0 != 0
        k = min(k, cover(0, COVER0, uBox[0], uAtlasOffset[0], uAtlas0, p));
    #endif
    #if COVER1 != 0
        k = min(k, cover(1, COVER1, uBox[1], uAtlasOffset[1], uAtlas1, p));
    #endif
    #if COVER2 != 0
        k = min(k, cover(2, COVER2, uBox[2], uAtlasOffset[2], uAtlas2, p));
    #endif
    #if COVER3 != 0
        k = min(k, cover(3, COVER3, uBox[3], uAtlasOffset[3], uAtlas3, p));
    #endif
        fragColor = c * (k * uOpacity);
    }
    """

    /// Coverage by accumulated signed area: one instance per outline edge (local x0, y0, x1, y1
    /// in aEdge; its atlas entry's origin and size in aEntry), a quad from the edge to the entry's
    /// right side. Each pixel adds the signed area of its row that lies right of the edge, so the
    /// sum is ∫ winding over the pixel: its exact area coverage for nonzero fills.
    static let accumulateVertex = """
    #version 300 es
    precision highp float;
    layout(location = 0) in vec4 aEdge;
    layout(location = 1) in vec4 aEntry;
    uniform vec2 uAtlasSize;
    flat out vec4 vEdge;
    flat out vec2 vOrigin;
    void main() {
        int v = gl_VertexID;
        float xl = max(floor(min(aEdge.x, aEdge.z)), 0.0);
        // Within the entry: an outline may reach beyond it (an entry is cut to what can show).
        float yt = max(floor(min(aEdge.y, aEdge.w)), 0.0), yb = min(ceil(max(aEdge.y, aEdge.w)), aEntry.w);
        vec2 c = vec2((v & 1) == 1 ? aEntry.z : xl, (v & 2) == 2 ? yb : yt);
        gl_Position = vec4((c + aEntry.xy) / uAtlasSize * 2.0 - 1.0, 0.0, 1.0);
        vEdge = aEdge;
        vOrigin = aEntry.xy;
    }
    """

    static let accumulateFragment = """
    #version 300 es
    precision highp float;
    flat in vec4 vEdge;
    flat in vec2 vOrigin;
    out vec4 fragColor;
    // The integral of clamp(1 − u, 0, 1) from 0 to u: the area right of x = px + u in a unit row.
    float G(float u) { return u <= 0.0 ? u : (u >= 1.0 ? 0.5 : u - 0.5 * u * u); }
    void main() {
        vec2 px = floor(gl_FragCoord.xy) - vOrigin;
        vec4 e = vEdge;
        float ya = max(min(e.y, e.w), px.y), yb = min(max(e.y, e.w), px.y + 1.0);
        if (yb <= ya) discard;
        float k = (e.z - e.x) / (e.w - e.y);
        float ua = e.x + (ya - e.y) * k - px.x, ub = e.x + (yb - e.y) * k - px.x;
        float area = abs(ub - ua) < 1e-5 ? clamp(1.0 - 0.5 * (ua + ub), 0.0, 1.0) : (G(ub) - G(ua)) / (ub - ua);
        fragColor = vec4((e.w > e.y ? 1.0 : -1.0) * (yb - ya) * area, 0.0, 0.0, 0.0);
    }
    """

    /// One box pass of a drop shadow's blur along `uDirection`: the mean of 2r + 1 pixels of the
    /// source's channel (`uChannel` 3: alpha, else red), pixels outside counting as 0 (`BoxBlur`).
    static let blurFragment = """
    #version 300 es
    precision highp float;
    precision highp int;
    uniform sampler2D uTex;
    uniform ivec2 uDirection;
    uniform int uRadius;
    uniform int uChannel;
    uniform vec2 uTexSize;
    out vec4 fragColor;
    void main() {
        ivec2 p = ivec2(floor(gl_FragCoord.xy));
        ivec2 size = ivec2(uTexSize);
        float sum = 0.0;
        for (int k = -uRadius; k <= uRadius; k++) {
            ivec2 q = p + uDirection * k;
            if (q.x < 0 || q.y < 0 || q.x >= size.x || q.y >= size.y) continue;
            vec4 t = texelFetch(uTex, q, 0);
            sum += uChannel == 3 ? t.a : t.r;
        }
        fragColor = vec4(sum / float(2 * uRadius + 1));
    }
    """

    /// A full-target quad for the blur passes.
    static let fullVertex = """
    #version 300 es
    precision highp float;
    void main() {
        int v = gl_VertexID;
        gl_Position = vec4((v & 1) == 1 ? 1.0 : -1.0, (v & 2) == 2 ? 1.0 : -1.0, 0.0, 1.0);
    }
    """
}
