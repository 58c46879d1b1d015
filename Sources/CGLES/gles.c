/* The GLES entry-point table and a headless EGL context through dlopen (see lumen_gles.h). */
#include "lumen_gles.h"
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lumen_gles lumen_gles_table;

static void (*get_query_ui64)(GLuint, GLenum, GLuint64 *);
static GLenum (*get_reset_status)(void);
static void (*max_compiler_threads)(GLuint);

const char *lumen_gles_load(void *(*get_proc)(const char *name)) {
#define LUMEN_GL_LOAD(ret, name, params, args) \
    lumen_gles_table.name = (ret (*) params)get_proc("gl" #name); \
    if (!lumen_gles_table.name) return "gl" #name;
    LUMEN_GL_FUNCTIONS(LUMEN_GL_LOAD)
#undef LUMEN_GL_LOAD
    // Optional: only for timing on the GPU.
    get_query_ui64 = (void (*)(GLuint, GLenum, GLuint64 *))get_proc("glGetQueryObjectui64vEXT");
    /* Optional: whether the GPU was reset (GLES 3.2, KHR_robustness, EXT_robustness). */
    const char *reset_names[] = { "glGetGraphicsResetStatus", "glGetGraphicsResetStatusKHR", "glGetGraphicsResetStatusEXT" };
    get_reset_status = NULL;
    for (int i = 0; i < 3 && !get_reset_status; i++) get_reset_status = (GLenum (*)(void))get_proc(reset_names[i]);
    /* Optional: compiling on the driver's own threads (KHR_ or ARB_parallel_shader_compile). */
    max_compiler_threads = (void (*)(GLuint))get_proc("glMaxShaderCompilerThreadsKHR");
    if (!max_compiler_threads) max_compiler_threads = (void (*)(GLuint))get_proc("glMaxShaderCompilerThreadsARB");
    return NULL;
}

#define LUMEN_RESET_NOTIFICATION_STRATEGY 0x8256
#define LUMEN_LOSE_CONTEXT_ON_RESET 0x8252

/* Reads the errors waiting (a few at most: a lost context may keep answering one). */
static void drain_errors(void) {
    for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; i++) {}
}

int lumen_gl_notifies_reset(void) {
    if (!get_reset_status) return 0;
    drain_errors();
    GLint strategy = 0;
    glGetIntegerv(LUMEN_RESET_NOTIFICATION_STRATEGY, &strategy);
    /* A context without robustness may not know the query: its error is not the frame's. */
    drain_errors();
    return strategy == LUMEN_LOSE_CONTEXT_ON_RESET;
}

unsigned lumen_gl_reset_status(void) { return get_reset_status ? get_reset_status() : 0; }

int lumen_gl_has_query_ui64(void) { return get_query_ui64 != NULL; }

int lumen_gl_set_compiler_threads(unsigned count) {
    if (!max_compiler_threads) return 0;
    max_compiler_threads(count);
    return 1;
}

long long lumen_gl_query_ns(GLuint query) {
    GLuint64 ns = 0;
    get_query_ui64(query, GL_QUERY_RESULT_EXT, &ns);   // waits for the result
    GLint disjoint = 0;
    glGetIntegerv(GL_GPU_DISJOINT_EXT, &disjoint);
    return disjoint ? -1 : (long long)ns;
}

static void *egl_library;
static void *gles_library;
static EGLDisplay display = EGL_NO_DISPLAY;
static EGLContext context = EGL_NO_CONTEXT;
static const char *taken = "";
static __eglMustCastToProperFunctionPointerType (*get_proc_address)(const char *);

#define EGL_FN(name) static __typeof__(&name) p_##name
EGL_FN(eglGetDisplay); EGL_FN(eglInitialize); EGL_FN(eglTerminate); EGL_FN(eglBindAPI);
EGL_FN(eglChooseConfig); EGL_FN(eglCreateContext); EGL_FN(eglDestroyContext);
EGL_FN(eglMakeCurrent); EGL_FN(eglGetError); EGL_FN(eglQueryString);

void *lumen_egl_get_proc(const char *name) {
    void *p = get_proc_address ? (void *)get_proc_address(name) : NULL;
    /* EGL 1.4 drivers may not hand out core functions: the GLES library's own symbols then. */
    if (!p && gles_library) p = dlsym(gles_library, name);
    return p;
}

const char *lumen_egl_platform(void) { return taken; }

static int fail(char *error, size_t size, const char *what) {
    snprintf(error, size, "%s (EGL error 0x%x)", what, p_eglGetError ? p_eglGetError() : 0);
    return 0;
}

static EGLDisplay open_display(const char *kind) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC platform_display = (void *)get_proc_address("eglGetPlatformDisplayEXT");
    const char *client = p_eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!strcmp(kind, "surfaceless")) {
        if (!platform_display || !client || !strstr(client, "EGL_MESA_platform_surfaceless")) return EGL_NO_DISPLAY;
        return platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    }
    if (!strcmp(kind, "device")) {
        PFNEGLQUERYDEVICESEXTPROC query_devices = (void *)get_proc_address("eglQueryDevicesEXT");
        EGLDeviceEXT devices[16]; EGLint n = 0;
        if (!platform_display || !query_devices || !query_devices(16, devices, &n) || n == 0) return EGL_NO_DISPLAY;
        /* The first device that initialises (Mesa lists a software device last). */
        for (EGLint i = 0; i < n; i++) {
            EGLDisplay d = platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
            if (d != EGL_NO_DISPLAY && p_eglInitialize(d, NULL, NULL)) return d;
        }
        return EGL_NO_DISPLAY;
    }
    return p_eglGetDisplay(EGL_DEFAULT_DISPLAY);
}

static int make_context(EGLDisplay d, char *error, size_t size) {
    if (!p_eglInitialize(d, NULL, NULL)) return fail(error, size, "eglInitialize failed");
    if (!p_eglBindAPI(EGL_OPENGL_ES_API)) return fail(error, size, "no OpenGL ES API");
    EGLint attrs[] = { EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0,
                       EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE };
    EGLConfig config; EGLint n = 0;
    if (!p_eglChooseConfig(d, attrs, &config, 1, &n) || n == 0) return fail(error, size, "no OpenGL ES 3 configuration");
    /* Told of GPU resets where the display offers it (EGL_EXT_create_context_robustness), so a
     * lost context is noticed rather than drawn into; without where it does not take it. */
    const char *extensions = p_eglQueryString(d, EGL_EXTENSIONS);
    EGLint robust[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
                        EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_LOSE_CONTEXT_ON_RESET_EXT, EGL_NONE };
    EGLint version[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE };
    context = EGL_NO_CONTEXT;
    if (extensions && strstr(extensions, "EGL_EXT_create_context_robustness"))
        context = p_eglCreateContext(d, config, EGL_NO_CONTEXT, robust);
    if (context == EGL_NO_CONTEXT) context = p_eglCreateContext(d, config, EGL_NO_CONTEXT, version);
    if (context == EGL_NO_CONTEXT) return fail(error, size, "no OpenGL ES 3.0 context");
    /* EGL_KHR_surfaceless_context: no window or pbuffer, everything goes to framebuffer objects. */
    if (!p_eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        p_eglDestroyContext(d, context); context = EGL_NO_CONTEXT;
        return fail(error, size, "the context cannot be made current without a surface");
    }
    display = d;
    return 1;
}

const char *lumen_egl_open(const char *platform, const char *library, char *error, size_t size) {
    if (context != EGL_NO_CONTEXT) return NULL;
    /* `library` names another libEGL (tests name a missing one to see the fallback). */
    const char *name = library && *library ? library : "libEGL.so.1";
    if (!egl_library) egl_library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!egl_library) { snprintf(error, size, "cannot load %s (%s)", name, dlerror()); return error; }
    if (!gles_library) gles_library = dlopen("libGLESv2.so.2", RTLD_NOW | RTLD_LOCAL);
    get_proc_address = dlsym(egl_library, "eglGetProcAddress");
#define EGL_LOAD(name) p_##name = dlsym(egl_library, #name); if (!p_##name) { snprintf(error, size, "libEGL has no " #name); return error; }
    if (!get_proc_address) { snprintf(error, size, "libEGL has no eglGetProcAddress"); return error; }
    EGL_LOAD(eglGetDisplay) EGL_LOAD(eglInitialize) EGL_LOAD(eglTerminate) EGL_LOAD(eglBindAPI)
    EGL_LOAD(eglChooseConfig) EGL_LOAD(eglCreateContext) EGL_LOAD(eglDestroyContext)
    EGL_LOAD(eglMakeCurrent) EGL_LOAD(eglGetError) EGL_LOAD(eglQueryString)
#undef EGL_LOAD
    if (strcmp(platform, "auto") && strcmp(platform, "device") && strcmp(platform, "surfaceless") && strcmp(platform, "default")) {
        snprintf(error, size, "unknown EGL platform '%s' (auto, device, surfaceless or default)", platform);
        return error;
    }
    const char *order[3] = { platform, NULL, NULL };
    if (!strcmp(platform, "auto")) { order[0] = "device"; order[1] = "surfaceless"; order[2] = "default"; }
    snprintf(error, size, "no EGL display for the %s platform", order[0]);
    for (int i = 0; i < 3 && order[i]; i++) {
        EGLDisplay d = open_display(order[i]);
        if (d == EGL_NO_DISPLAY) { snprintf(error, size, "no EGL display for the %s platform", order[i]); continue; }
        if (make_context(d, error, size)) { taken = order[i]; return NULL; }
        p_eglTerminate(d);
    }
    return error;
}

int lumen_egl_make_current(int current) {
    if (display == EGL_NO_DISPLAY) return 0;
    return current ? p_eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)
                   : p_eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

void lumen_egl_close(void) {
    if (display == EGL_NO_DISPLAY) return;
    p_eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (context != EGL_NO_CONTEXT) p_eglDestroyContext(display, context);
    p_eglTerminate(display);
    display = EGL_NO_DISPLAY; context = EGL_NO_CONTEXT; taken = "";
}
