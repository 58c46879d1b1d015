/* Which GL windows SDL can make on this display, with the attributes Lumen's GL window asks for
 * (GLWindowPresenter.prepareAttributes): OpenGL ES 3.0, then desktop core 4.3; "reset" adds the
 * reset notification Lumen asks for, "minimal" asks for nothing. Prints the renderer and version
 * of each context made, or SDL's reason. For a GL window that falls back to Cairo: which step
 * fails, and whether Lumen's attributes are the cause.
 *   cc scripts/gl-window-probe.c -o gl-window-probe $(pkg-config --cflags --libs sdl2)
 *   ./gl-window-probe [plain|reset|minimal] */
#include <SDL2/SDL.h>
#include <stdio.h>
#include <string.h>

typedef const unsigned char *(*get_string)(unsigned);

static void ask(int desktop, int reset) {
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, desktop ? SDL_GL_CONTEXT_PROFILE_CORE : SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, desktop ? 4 : 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, desktop ? 3 : 0);
    SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    if (reset) SDL_GL_SetAttribute(SDL_GL_CONTEXT_RESET_NOTIFICATION, SDL_GL_CONTEXT_RESET_LOSE_CONTEXT);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "plain";
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { printf("no video: %s\n", SDL_GetError()); return 1; }
    printf("video driver %s\n", SDL_GetCurrentVideoDriver());
    for (int desktop = 0; desktop < 2; desktop++) {
        if (strcmp(mode, "minimal") != 0) ask(desktop, strcmp(mode, "reset") == 0);
        SDL_Window *w = SDL_CreateWindow("gl-window-probe", 0, 0, 640, 480, SDL_WINDOW_OPENGL);
        SDL_GLContext c = w ? SDL_GL_CreateContext(w) : NULL;
        if (!c) {
            printf("%s %s: no %s: %s\n", mode, desktop ? "core 4.3" : "ES 3.0", w ? "context" : "window", SDL_GetError());
        } else {
            get_string gs = (get_string)SDL_GL_GetProcAddress("glGetString");
            printf("%s %s: %s | %s\n", mode, desktop ? "core 4.3" : "ES 3.0", gs(0x1F01), gs(0x1F02));   /* GL_RENDERER, GL_VERSION */
            SDL_GL_DeleteContext(c);
        }
        if (w) SDL_DestroyWindow(w);
    }
    SDL_Quit();
    return 0;
}
