/* Small helpers the window-system files share (not part of the module's interface). */
#ifndef LUMEN_WINDOW_SYSTEM_SHARED_H
#define LUMEN_WINDOW_SYSTEM_SHARED_H

/* Whether the space-separated list (an extension string) holds `word` whole. */
int lumen_has_word(const char *list, const char *word);

/* Milliseconds on the monotonic clock. */
long lumen_now_ms(void);

#endif
