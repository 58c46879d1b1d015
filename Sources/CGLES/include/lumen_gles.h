/* OpenGL ES 3.0 entry points for Lumen's GPU renderer (RenderGL), loaded at run time.
 * Nothing of GL is linked: `lumen_gles_load` fills the table from a getProcAddress
 * (SDL_GL_GetProcAddress in a window, eglGetProcAddress headless), and the static inline
 * wrappers below call through it with GL's own names. EGL for headless contexts is opened
 * with dlopen (`lumen_egl_open`), so a machine without libEGL still runs Lumen with Cairo. */
#ifndef LUMEN_GLES_H
#define LUMEN_GLES_H
#define GL_GLES_PROTOTYPES 0
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stddef.h>

/* ret, name, (parameters), (arguments) */
#define LUMEN_GL_FUNCTIONS(X) \
  X(const GLubyte *, GetString, (GLenum name), (name)) \
  X(const GLubyte *, GetStringi, (GLenum name, GLuint i), (name, i)) \
  X(void, GetIntegerv, (GLenum p, GLint *v), (p, v)) \
  X(GLenum, GetError, (void), ()) \
  X(void, Enable, (GLenum c), (c)) \
  X(void, Disable, (GLenum c), (c)) \
  X(void, BlendFunc, (GLenum s, GLenum d), (s, d)) \
  X(void, BlendEquation, (GLenum m), (m)) \
  X(void, Viewport, (GLint x, GLint y, GLsizei w, GLsizei h), (x, y, w, h)) \
  X(void, Scissor, (GLint x, GLint y, GLsizei w, GLsizei h), (x, y, w, h)) \
  X(void, ClearColor, (GLfloat r, GLfloat g, GLfloat b, GLfloat a), (r, g, b, a)) \
  X(void, Clear, (GLbitfield m), (m)) \
  X(GLuint, CreateShader, (GLenum t), (t)) \
  X(void, ShaderSource, (GLuint s, GLsizei n, const GLchar *const *src, const GLint *len), (s, n, src, len)) \
  X(void, CompileShader, (GLuint s), (s)) \
  X(void, GetShaderiv, (GLuint s, GLenum p, GLint *v), (s, p, v)) \
  X(void, GetShaderInfoLog, (GLuint s, GLsizei n, GLsizei *len, GLchar *log), (s, n, len, log)) \
  X(void, DeleteShader, (GLuint s), (s)) \
  X(GLuint, CreateProgram, (void), ()) \
  X(void, AttachShader, (GLuint p, GLuint s), (p, s)) \
  X(void, LinkProgram, (GLuint p), (p)) \
  X(void, GetProgramiv, (GLuint p, GLenum n, GLint *v), (p, n, v)) \
  X(void, GetProgramInfoLog, (GLuint p, GLsizei n, GLsizei *len, GLchar *log), (p, n, len, log)) \
  X(void, UseProgram, (GLuint p), (p)) \
  X(void, DeleteProgram, (GLuint p), (p)) \
  X(GLint, GetUniformLocation, (GLuint p, const GLchar *name), (p, name)) \
  X(void, Uniform1i, (GLint l, GLint v), (l, v)) \
  X(void, Uniform1iv, (GLint l, GLsizei n, const GLint *v), (l, n, v)) \
  X(void, Uniform1f, (GLint l, GLfloat v), (l, v)) \
  X(void, Uniform2f, (GLint l, GLfloat a, GLfloat b), (l, a, b)) \
  X(void, Uniform2i, (GLint l, GLint a, GLint b), (l, a, b)) \
  X(void, Uniform3f, (GLint l, GLfloat a, GLfloat b, GLfloat c), (l, a, b, c)) \
  X(void, Uniform4f, (GLint l, GLfloat a, GLfloat b, GLfloat c, GLfloat d), (l, a, b, c, d)) \
  X(void, Uniform1fv, (GLint l, GLsizei n, const GLfloat *v), (l, n, v)) \
  X(void, Uniform2fv, (GLint l, GLsizei n, const GLfloat *v), (l, n, v)) \
  X(void, Uniform4fv, (GLint l, GLsizei n, const GLfloat *v), (l, n, v)) \
  X(void, UniformMatrix3fv, (GLint l, GLsizei n, GLboolean t, const GLfloat *v), (l, n, t, v)) \
  X(void, GenBuffers, (GLsizei n, GLuint *b), (n, b)) \
  X(void, DeleteBuffers, (GLsizei n, const GLuint *b), (n, b)) \
  X(void, BindBuffer, (GLenum t, GLuint b), (t, b)) \
  X(void, BufferData, (GLenum t, GLsizeiptr n, const void *d, GLenum u), (t, n, d, u)) \
  X(void, GenVertexArrays, (GLsizei n, GLuint *a), (n, a)) \
  X(void, DeleteVertexArrays, (GLsizei n, const GLuint *a), (n, a)) \
  X(void, BindVertexArray, (GLuint a), (a)) \
  X(void, EnableVertexAttribArray, (GLuint i), (i)) \
  X(void, VertexAttribPointer, (GLuint i, GLint n, GLenum t, GLboolean norm, GLsizei s, const void *p), (i, n, t, norm, s, p)) \
  X(void, VertexAttribDivisor, (GLuint i, GLuint d), (i, d)) \
  X(void, DrawArrays, (GLenum m, GLint first, GLsizei n), (m, first, n)) \
  X(void, DrawArraysInstanced, (GLenum m, GLint first, GLsizei n, GLsizei k), (m, first, n, k)) \
  X(void, GenTextures, (GLsizei n, GLuint *t), (n, t)) \
  X(void, DeleteTextures, (GLsizei n, const GLuint *t), (n, t)) \
  X(void, BindTexture, (GLenum t, GLuint x), (t, x)) \
  X(void, ActiveTexture, (GLenum u), (u)) \
  X(void, TexImage2D, (GLenum t, GLint l, GLint f, GLsizei w, GLsizei h, GLint b, GLenum pf, GLenum ty, const void *d), (t, l, f, w, h, b, pf, ty, d)) \
  X(void, TexSubImage2D, (GLenum t, GLint l, GLint x, GLint y, GLsizei w, GLsizei h, GLenum pf, GLenum ty, const void *d), (t, l, x, y, w, h, pf, ty, d)) \
  X(void, TexParameteri, (GLenum t, GLenum p, GLint v), (t, p, v)) \
  X(void, PixelStorei, (GLenum p, GLint v), (p, v)) \
  X(void, GenerateMipmap, (GLenum t), (t)) \
  X(void, GenFramebuffers, (GLsizei n, GLuint *f), (n, f)) \
  X(void, DeleteFramebuffers, (GLsizei n, const GLuint *f), (n, f)) \
  X(void, BindFramebuffer, (GLenum t, GLuint f), (t, f)) \
  X(void, FramebufferTexture2D, (GLenum t, GLenum a, GLenum tt, GLuint tex, GLint l), (t, a, tt, tex, l)) \
  X(GLenum, CheckFramebufferStatus, (GLenum t), (t)) \
  X(void, ReadPixels, (GLint x, GLint y, GLsizei w, GLsizei h, GLenum f, GLenum t, void *d), (x, y, w, h, f, t, d)) \
  X(void, Finish, (void), ()) \
  X(void, Flush, (void), ()) \
  X(void, GenQueries, (GLsizei n, GLuint *q), (n, q)) \
  X(void, DeleteQueries, (GLsizei n, const GLuint *q), (n, q)) \
  X(void, BeginQuery, (GLenum t, GLuint q), (t, q)) \
  X(void, EndQuery, (GLenum t), (t))

#define LUMEN_GL_FIELD(ret, name, params, args) ret (*name) params;
struct lumen_gles { LUMEN_GL_FUNCTIONS(LUMEN_GL_FIELD) };
#undef LUMEN_GL_FIELD
extern struct lumen_gles lumen_gles_table;

#define LUMEN_GL_WRAPPER(ret, name, params, args) \
  static inline ret gl##name params { return lumen_gles_table.name args; }
LUMEN_GL_FUNCTIONS(LUMEN_GL_WRAPPER)
#undef LUMEN_GL_WRAPPER

/* Fills the table through `get_proc`; returns NULL, or the name of the first entry point
 * it could not find. */
const char *lumen_gles_load(void *(*get_proc)(const char *name));

/* GPU time by EXT_disjoint_timer_query (where the context has it): 1 when
 * glGetQueryObjectui64vEXT was found (the caller checks the extension string too).
 * `lumen_gl_query_ns` waits for a query's result: nanoseconds, or -1 when the GPU's timer
 * was disjoint (the figure is not to be trusted). */
int lumen_gl_has_query_ui64(void);
long long lumen_gl_query_ns(GLuint query);

/* How many threads of its own the driver may compile shaders on (glMaxShaderCompilerThreadsKHR,
 * or _ARB; 0xFFFFFFFF: as many as it likes; the caller checks the extension string): NVIDIA's
 * reads the limit as 0xFFFFFFFF yet compiles on the calling thread until told. 1 when the entry
 * point was found. */
int lumen_gl_set_compiler_threads(unsigned count);

/* GPU resets: 1 when the current context was made to be told of them (its reset notification
 * strategy is LOSE_CONTEXT_ON_RESET) and the status query exists; then
 * `lumen_gl_reset_status` is 0 while the context lives, else GL's reason
 * (GUILTY_CONTEXT_RESET 0x8253, INNOCENT_ 0x8254, UNKNOWN_ 0x8255). */
int lumen_gl_notifies_reset(void);
unsigned lumen_gl_reset_status(void);

/* A headless EGL display and current GLES 3.0 context with no surface (drawing goes into
 * framebuffer objects). `platform`: "surfaceless" (Mesa), "device" (EGL_EXT_platform_device:
 * a GPU with no display), "default", or "auto" (device, then surfaceless, then default).
 * `library`: the libEGL to load (NULL: libEGL.so.1). Returns NULL, or a one-line reason it failed (into `error`, `size` bytes). */
const char *lumen_egl_open(const char *platform, const char *library, char *error, size_t size);
/* eglGetProcAddress from the libEGL `lumen_egl_open` opened (NULL before it). */
void *lumen_egl_get_proc(const char *name);
/* Which platform `lumen_egl_open` took ("device", "surfaceless" or "default"). */
const char *lumen_egl_platform(void);
/* Makes the context current on the calling thread (1), or releases it from it (0). */
int lumen_egl_make_current(int current);
/* Releases the context and display. */
void lumen_egl_close(void);
#endif
