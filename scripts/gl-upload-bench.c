// Times a 3840 x 2160 photo going to the GPU: one glTexImage2D against GLTexture.argb's strips
// (a nil glTexImage2D, then glTexSubImage2D a strip of STRIP bytes at most), each with glFinish,
// 15 times, on EGL surfaceless (Mesa) or else the default display (NVIDIA's); prints the median and the worst.
//   cc -O2 -o gl-upload-bench scripts/gl-upload-bench.c -lEGL -lGLESv2 && ./gl-upload-bench [STRIP]
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
    int w = 3840, h = 2160, strip = argc > 1 ? atoi(argv[1]) : 0, n = 15;
    PFNEGLGETPLATFORMDISPLAYEXTPROC gpd = (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay d = gpd ? gpd(0x31DD /* EGL_PLATFORM_SURFACELESS_MESA */, EGL_DEFAULT_DISPLAY, NULL) : EGL_NO_DISPLAY;
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL)) { d = eglGetDisplay(EGL_DEFAULT_DISPLAY); eglInitialize(d, NULL, NULL); }
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint ca[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE}, k; EGLConfig c; eglChooseConfig(d, ca, &c, 1, &k);
    EGLint xa[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext x = eglCreateContext(d, k ? c : NULL, EGL_NO_CONTEXT, xa);
    if (x == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, x)) { fprintf(stderr, "no GLES 3 context (EGL error 0x%x)\n", eglGetError()); return 1; }
    unsigned char *px = malloc((size_t)w * h * 4); for (size_t i = 0; i < (size_t)w * h * 4; i++) px[i] = i * 7;
    double ms[15];
    for (int r = 0; r < n; r++) {
        GLuint t; glGenTextures(1, &t); glBindTexture(GL_TEXTURE_2D, t);
        double s = now();
        int rows = strip > 0 ? strip / (w * 4) : h; if (rows < 1) rows = 1;
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rows >= h ? px : NULL);
        if (rows < h) for (int y = 0; y < h; y += rows) glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y, w, y + rows > h ? h - y : rows, GL_RGBA, GL_UNSIGNED_BYTE, px + (size_t)y * w * 4);
        glFinish(); ms[r] = now() - s; glDeleteTextures(1, &t);
    }
    qsort(ms, n, sizeof ms[0], cmp);
    printf("%s: strip %d B, 3840x2160 upload median %.2f ms, max %.2f ms\n", glGetString(GL_RENDERER), strip, ms[n / 2], ms[n - 1]);
    return 0;
}
