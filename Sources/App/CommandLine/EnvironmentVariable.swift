/// An environment variable Lumen reads, declared once for `--help`, the man page and the guide.
struct EnvironmentVariable {
    let name: String
    let help: String

    static let all = [
        EnvironmentVariable(name: "LUMEN_ASSETS", help: "the assets folder (photos, fonts) when Lumen runs from elsewhere"),
        EnvironmentVariable(name: "LUMEN_SLOW_ANIMATIONS", help: "N: every animation runs N times slower"),
        EnvironmentVariable(name: "GDK_SCALE", help: "device pixels per point when --scale is not given"),
        EnvironmentVariable(name: "SDL_VIDEODRIVER", help: "SDL's video driver (x11, wayland, kmsdrm; dummy for tests)"),
        EnvironmentVariable(name: "NO_AT_BRIDGE", help: "1: no export to screen readers"),
        EnvironmentVariable(name: "LUMEN_ACCESSIBILITY", help: "1: export to screen readers without asking the accessibility bus"),
        EnvironmentVariable(name: "XDG_PICTURES_DIR", help: "where s saves screenshots (else the working directory)"),
        EnvironmentVariable(name: "XDG_CACHE_HOME", help: "where photo thumbnails are cached (thumbnails/; else ~/.cache)"),
    ]
}
