/// An environment variable Lumen reads, declared once for `--help`, the man page and the guide.
struct EnvironmentVariable {
    let name: String
    let help: String

    static let all = [
        EnvironmentVariable(name: "LUMEN_ASSETS", help: "the assets folder (photos, fonts) when Lumen runs from elsewhere"),
        EnvironmentVariable(name: "LUMEN_SLOW_ANIMATIONS", help: "N: every animation runs N times slower"),
        EnvironmentVariable(name: "GDK_SCALE", help: "device pixels per point when --scale is not given"),
        EnvironmentVariable(name: "SDL_VIDEODRIVER", help: "SDL's video driver (x11, wayland, kmsdrm; dummy for tests)"),
        EnvironmentVariable(name: "LUMEN_EGL_PLATFORM", help: "headless GL's EGL platform: device, surfaceless, default or auto (the three in turn)"),
        EnvironmentVariable(name: "LUMEN_EGL_LIBRARY", help: "another libEGL to load for headless GL (tests name a missing one)"),
        EnvironmentVariable(name: "LUMEN_GL_PHASES", help: "1: bench times the GPU renderer's phases, waiting for each"),
        EnvironmentVariable(name: "LUMEN_GL_PROFILE", help: "1: bench times each piece of the GPU renderer's work on the GPU, and its CPU by command"),
        EnvironmentVariable(name: "LUMEN_GL_PARTIAL", help: "0: a GL window redraws its whole frame even where EGL or GLX tells the buffer age"),
        EnvironmentVariable(name: "LUMEN_GL_OWN_SWAP", help: "0: SDL swaps a GL window on Wayland even where EGL swaps with damage; 1: Lumen swaps it even where EGL cannot, whole frames"),
        EnvironmentVariable(name: "LUMEN_SDL_WAIT", help: "1: on the console (KMS) wait for input with SDL's own wait, which polls every millisecond, not Lumen's"),
        EnvironmentVariable(name: "NO_AT_BRIDGE", help: "1: no export to screen readers"),
        EnvironmentVariable(name: "LUMEN_ACCESSIBILITY", help: "1: export to screen readers without asking the accessibility bus"),
        EnvironmentVariable(name: "XDG_PICTURES_DIR", help: "where s saves screenshots (else the working directory)"),
        EnvironmentVariable(name: "XDG_VIDEOS_DIR", help: "where r records the window (else the working directory)"),
        EnvironmentVariable(name: "LUMEN_RECORD_PRESET", help: "x264's preset for the window's recording (superfast)"),
        EnvironmentVariable(name: "LUMEN_GIF_PALETTE", help: "global: every GIF frame in the first frame's palette (else each its own)"),
        EnvironmentVariable(name: "LUMEN_DECODE_TIMEOUT", help: "seconds a photo's decoder worker may take before it is ended (5)"),
        EnvironmentVariable(name: "LUMEN_DECODE_WORKERS", help: "N decoder worker processes (one a core, 2 to 8); 0: decode in the app"),
        EnvironmentVariable(name: "XDG_CACHE_HOME", help: "where photo thumbnails are cached (thumbnails/; else ~/.cache)"),
    ]
}
