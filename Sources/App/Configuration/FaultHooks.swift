/// Faults the tests make happen on purpose: a GL error at a frame, a failed swap, a decoder
/// worker that misbehaves. Declared here and nowhere else (`EnvironmentVariable.faults`, listed
/// in the testing guide), and compiled in only in a debug build or one built with
/// `-Xswiftc -DLUMEN_FAULT_HOOKS`: a release build ignores the variables.
struct FaultHooks: Sendable, Equatable {
    /// `LUMEN_GL_FAIL_AT=N`: the GPU renderer's frame N makes a real GL error.
    var glFailAt: Int?
    /// `LUMEN_GL_SWAP_FAIL_AT=N`: a GL window's swap N fails.
    var glSwapFailAt: Int?
    /// `LUMEN_WORKER_FAULT=KIND`: a decoder worker's fault (see `WorkerFault`).
    var workerFault: String?
    /// `LUMEN_HANG_AFTER=SECONDS`: the frame loop stops answering this long after its first
    /// frame (systemd's watchdog then restarts the kiosk).
    var hangAfter: Double?
    /// `LUMEN_GL_LOSE_AFTER=SECONDS`: the first frame a GL window draws this long or more after
    /// its first finds its context lost, as after a GPU reset (once).
    var glLoseAfter: Double?

    /// Whether this build honours the hooks.
    static var compiledIn: Bool {
        #if DEBUG || LUMEN_FAULT_HOOKS
        return true
        #else
        return false
        #endif
    }

    init(_ environment: AppEnvironment) {
        guard FaultHooks.compiledIn else { return }
        glFailAt = environment.value(.glFailAt).flatMap(Int.init)
        glSwapFailAt = environment.value(.glSwapFailAt).flatMap(Int.init)
        workerFault = environment.value(.workerFault)
        hangAfter = environment.value(.hangAfter).flatMap(Double.init)
        glLoseAfter = environment.value(.glLoseAfter).flatMap(Double.init)
    }
}
