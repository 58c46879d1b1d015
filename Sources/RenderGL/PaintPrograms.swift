import CGLES

/// The paint program's variants: those Lumen's scenes draw with (`PaintProgramWarmUp`)
/// compiled as the first frame needs them and the rest after it, in slices (`compileListed`),
/// any other the first time a quad needs it.
final class PaintPrograms {
    private var variants: [Int: PaintProgram] = [:]
    /// The start-up list's variants (by key), and those of them not compiled yet.
    private let listed: Set<Int>
    private var pending: [PaintVariant]
    /// Variants of the list handed to a driver that compiles on threads of its own, not taken
    /// in yet (by key).
    private var building: [Int: GLProgramBuild] = [:]
    /// Whether the driver says when a program is done without waiting
    /// (`GLProgramBuild.driverTellsCompletion`): the list is then handed over, not compiled.
    private let driverTellsCompletion: Bool
    /// Variants not in the list, compiled as quads needed them, in order: each stalled the
    /// frame that needed it.
    private(set) var compiledLate: [PaintVariant] = []

    /// Takes the start-up list (`warmUp`) and compiles its first variant, so that a driver that
    /// cannot compile the program says so before the first frame. The first frame compiles
    /// only what it draws with: with the whole list compiled first and a cold shader cache, the
    /// gallery's first GL frame under Xvfb (llvmpipe) came at 1.77–2.16 s against 1.25–1.30 s
    /// (medians of 5), and NVIDIA's first start took 0.55 s longer (performance.md).
    init(warmUp: [PaintVariant] = PaintProgramWarmUp.variants, driverTellsCompletion: Bool = false) throws {
        listed = Set(warmUp.map(\.key))
        pending = warmUp
        self.driverTellsCompletion = driverTellsCompletion
        if let first = warmUp.first { _ = try variant(first) }
    }

    /// Whether variants of the list are still to compile (or to take in from the driver).
    var hasListed: Bool { !pending.isEmpty }

    /// Whether the rest of the list is all with the driver: nothing to do but look, now and
    /// then, whether it is done.
    var isWaitingOnDriver: Bool { !building.isEmpty && pending.allSatisfy { building[$0.key] != nil || variants[$0.key] != nil } }

    /// Compiles the list's variants not compiled yet, in order, until `seconds` have passed
    /// (at least one each call; nil: all of them). Where the driver compiles on threads of its
    /// own, hands them to it instead, and takes in those it has done, without waiting for it
    /// (nil: waiting for all). True when a variant was compiled, handed over or taken in.
    @discardableResult
    func compileListed(within seconds: Double? = nil) throws -> Bool {
        defer { pending.removeAll { variants[$0.key] != nil } }
        var worked = try takeFinished()
        worked = try handOver(within: seconds) || worked
        if seconds == nil { for v in pending where building[v.key] != nil { _ = try variant(v) } }
        return try takeFinished() || worked
    }

    /// Hands the list's variants not compiled or handed over yet to the driver, in order, until
    /// `seconds` have passed (at least one; nil: all of them); a driver that cannot say when
    /// one is done is waited for at once (so the slice's time is its compiling). True if there
    /// were any.
    func handOver(within seconds: Double? = nil) throws -> Bool {
        let clock = ContinuousClock(), start = clock.now
        var any = false
        for v in pending where variants[v.key] == nil && building[v.key] == nil {
            building[v.key] = PaintProgram.build(v)
            if !driverTellsCompletion { _ = try variant(v) }
            any = true
            if let seconds, clock.now - start >= .seconds(seconds) { break }
        }
        return any
    }

    /// Takes in the variants the driver has finished; true if there were any.
    func takeFinished() throws -> Bool {
        var any = false
        for v in pending where building[v.key]?.isDone == true {
            _ = try variant(v)
            any = true
        }
        return any
    }

    /// The variant for a quad painted with `paint` (`QuadPaint.mode`) under `covers` (the
    /// shape's, then the clips', at most four).
    /// (Found without allocating: a quad asks every draw.)
    func program(paint: Int, covers: [Cover]) throws -> PaintProgram {
        var key = paint
        for slot in 0..<4 { key = key * 8 + (slot < covers.count ? covers[slot].kind : 0) }
        if let p = variants[key] { return p }
        let v = PaintVariant(paint: paint, covers: covers.prefix(4).map(\.kind))
        let p = try variant(v)
        if !listed.contains(key) { compiledLate.append(v) }
        return p
    }

    /// Variant `v`: compiled already, taken in from the driver (waiting for it if need be), or
    /// compiled now.
    private func variant(_ v: PaintVariant) throws -> PaintProgram {
        if let p = variants[v.key] { return p }
        let build = building.removeValue(forKey: v.key) ?? PaintProgram.build(v)
        let p = PaintProgram(try build.finish())
        variants[v.key] = p
        return p
    }

    /// Every variant compiled so far.
    var all: Dictionary<Int, PaintProgram>.Values { variants.values }

    /// How many variants of the list are with the driver, not taken in yet.
    var handedOver: Int { building.count }
}
