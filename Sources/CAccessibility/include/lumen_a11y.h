// Lumen's semantics tree over AT-SPI: ATK objects (what GTK 3 uses) bridged to the
// accessibility bus by atk-bridge, on a thread of their own so that no frame ever waits on
// D-Bus. The main thread publishes snapshots of the tree; requests from a screen reader
// (click, set a value, focus, scroll to) come back through a callback on the bridge's thread.
#ifndef LUMEN_A11Y_H
#define LUMEN_A11Y_H

#include <stdbool.h>
#include <stdint.h>

/// Roles, mapped to ATK's.
typedef enum {
    LUMEN_ROLE_PANEL = 0,
    LUMEN_ROLE_PUSH_BUTTON,
    LUMEN_ROLE_IMAGE,
    LUMEN_ROLE_HEADING,
    LUMEN_ROLE_LABEL,
    LUMEN_ROLE_SCROLL_PANE,
    LUMEN_ROLE_LIST,
    LUMEN_ROLE_SLIDER,
    LUMEN_ROLE_SPIN_BUTTON,
    LUMEN_ROLE_TOGGLE_BUTTON,
    LUMEN_ROLE_PAGE_TAB_LIST,
    LUMEN_ROLE_ENTRY,
} LumenA11yRole;

/// States, as bits.
enum {
    LUMEN_STATE_FOCUSABLE = 1 << 0,
    LUMEN_STATE_FOCUSED = 1 << 1,
    LUMEN_STATE_SELECTED = 1 << 2,
    LUMEN_STATE_CHECKED = 1 << 3,
    LUMEN_STATE_SHOWING = 1 << 4,
    LUMEN_STATE_VISIBLE = 1 << 5,
    LUMEN_STATE_ENABLED = 1 << 6,
    LUMEN_STATE_SELECTABLE = 1 << 7,
    LUMEN_STATE_CHECKABLE = 1 << 8,
    LUMEN_STATE_EDITABLE = 1 << 9,
};

/// What a screen reader asks of a node.
typedef enum {
    LUMEN_REQUEST_CLICK = 0,
    LUMEN_REQUEST_SET_VALUE,
    LUMEN_REQUEST_FOCUS,
    LUMEN_REQUEST_SCROLL_TO,
    /// An entry's new contents (in `text`).
    LUMEN_REQUEST_SET_TEXT,
    /// Not from a node: the bridge came up, hand the whole tree over.
    LUMEN_REQUEST_REFRESH,
} LumenA11yRequestKind;

/// One node of a snapshot. Strings are copied by `lumen_a11y_publish` (NULL: none).
typedef struct {
    int64_t id;              // stable for the node's life, never 0
    int64_t parent;          // 0: a child of the window's frame
    int32_t role;            // LumenA11yRole
    const char *name;
    const char *description;
    const char *value_text;  // the value as words ("In full color"), or NULL
    bool has_range;          // a slider or stepper: the numbers below mean something
    double value, minimum, maximum, step;
    uint32_t states;         // LUMEN_STATE_* bits
    bool clickable;          // exposes the "click" action
    int32_t x, y, width, height; // screen pixels
} LumenA11yNode;

/// Called on the bridge's thread: `id` asks for `kind` (with `value` for SET_VALUE, `text` for
/// SET_TEXT; `text` is only valid during the call).
typedef void (*LumenA11yRequestHandler)(void *context, int64_t id, int32_t kind, double value, const char *text);

/// When the tree is exported: never, while an assistive technology listens, or always.
typedef enum { LUMEN_A11Y_OFF = 0, LUMEN_A11Y_WHEN_ASKED = 1, LUMEN_A11Y_ALWAYS = 2 } LumenA11yMode;

/// Starts the bridge's thread, which exports the tree as `mode` says: WHEN_ASKED while an
/// assistive technology listens (the accessibility bus says it is enabled). It never starts
/// the bus itself: `has_session_bus` says whether one exists. Returns at once.
void lumen_a11y_start(const char *application_name, LumenA11yMode mode, bool has_session_bus,
                      LumenA11yRequestHandler handler, void *context);

/// Whether an assistive technology listens (snapshots are worth making).
bool lumen_a11y_is_active(void);

/// Hands over a snapshot of the tree: the window's frame (named after the scene, at its
/// screen rectangle) and its nodes in depth-first order, parents before children, with the
/// focused node's id (0: none). Copied; applied on the bridge's thread, which emits the
/// events a screen reader hears (focus, name, value, state and children changes).
void lumen_a11y_publish(const char *frame_name, int32_t x, int32_t y, int32_t width, int32_t height,
                        const LumenA11yNode *nodes, int32_t count, int64_t focused);

#endif
