import Imaging
import FoundationEssentials
import Render
import RenderGL
import Scenes
import SystemSupport

/// The renderer a command draws with, from `--renderer`: `auto` takes the GPU where a hardware
/// GLES 3 context comes up (not a software rasteriser), else Cairo; `gl` takes any GLES 3
/// context; any GL failure at start falls back to Cairo with one line saying why. With Cairo
/// chosen (or `auto` on a machine with no GPU device), nothing of GL is loaded.
package struct RendererSelection {
    package let renderer: any Renderer
    /// The GPU renderer, when it is the one.
    let gl: GLRenderer?
    /// What draws, for `bench`, `--trace` and the log: "cairo, 2 threads", "gl: NVIDIA H200 …".
    let name: String

    package static func cairo(_ scene: SceneOptions, memory: ImageMemory, scalesInBackground: Bool,
                      wake: (@Sendable () -> Void)? = nil) -> RendererSelection {
        let r = scene.renderer(memory: memory, scalesInBackground: scalesInBackground, wake: wake)
        return RendererSelection(renderer: r, gl: nil, name: "cairo, \(r.threads) thread\(r.threads == 1 ? "" : "s")")
    }

    /// Whether the machine may have a GPU: a DRM render node or an NVIDIA device. Without one
    /// `auto` loads nothing (only Mesa's software rasterisers could answer).
    static var hasGPUDevice: Bool {
        let dri = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return dri.contains { $0.hasPrefix("renderD") } || FileManager.default.fileExists(atPath: "/dev/nvidia0")
    }

    /// Whether to try the GPU at all for `choice`.
    static func triesGPU(_ choice: RendererChoice) -> Bool {
        switch choice {
        case .cairo: return false
        case .gl: return true
        case .auto: return hasGPUDevice
        }
    }

    /// For `render`, `record` and `bench`: GL through EGL with no window (`LUMEN_EGL_PLATFORM`:
    /// device, surfaceless or default; auto tries them in that order).
    static func headless(_ scene: SceneOptions, memory: ImageMemory, scalesInBackground: Bool = false,
                         warn: (String) -> Void = { StandardError.message($0) }) -> RendererSelection {
        let choice = scene.rendererChoice
        guard triesGPU(choice) else { return cairo(scene, memory: memory, scalesInBackground: scalesInBackground) }
        let environment = AppEnvironment.process
        do {
            let info = try HeadlessGL.open(platform: environment.eglPlatform, library: environment.eglLibrary)
            if choice == .auto && info.isSoftware {
                HeadlessGL.close()
                return cairo(scene, memory: memory, scalesInBackground: scalesInBackground)
            }
            let gl = try GLRenderer(info: info, memory: memory, scalesInBackground: scalesInBackground)
            gl.failsAt = environment.faults.glFailAt
            return RendererSelection(renderer: gl, gl: gl, name: "gl: \(info), EGL \(info.platform)" + (gl.notifiesReset ? ", told of GPU resets" : ""))
        } catch {
            HeadlessGL.close()
            warn("--renderer \(choice.rawValue): \(error); drawing with Cairo")
            return cairo(scene, memory: memory, scalesInBackground: scalesInBackground)
        }
    }

    /// Whether a window's GL context is a software rasteriser's (llvmpipe, softpipe, swrast).
    static func isSoftware(getProc: (@convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?)?) -> Bool {
        guard let getProc, let info = try? GLEntryPoints.load(getProc) else { return false }
        return info.isSoftware
    }

    /// For a window with a GL context (SDL's): the renderer on it, or nil (and why) when the
    /// context will not do.
    static func window(_ scene: SceneOptions, memory: ImageMemory, wake: @escaping @Sendable () -> Void,
                       getProc: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?) -> Result<RendererSelection, GLError> {
        do {
            let info = try GLEntryPoints.load(getProc)
            if scene.rendererChoice == .auto && info.isSoftware { return .failure(GLError(softwareRasteriser: info.renderer)) }
            let gl = try GLRenderer(info: info, memory: memory, scalesInBackground: true, wake: wake)
            gl.failsAt = AppEnvironment.process.faults.glFailAt
            return .success(RendererSelection(renderer: gl, gl: gl, name: "gl: \(info)" + (gl.notifiesReset ? ", told of GPU resets" : "")))
        } catch let e as GLError {
            return .failure(e)
        } catch {
            return .failure(GLError("\(error)"))
        }
    }
}

extension SceneOptions {
    /// A photo loader for these options: their image memory budget, photos decoded by `decoder`.
    func loader(_ decoder: PhotoDecoding) -> ImageLoader {
        ImageLoader(memory: ImageMemory(byteLimit: imageMemoryBytes), decoder: decoder)
    }
}
