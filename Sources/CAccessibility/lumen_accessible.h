// The ATK objects behind Lumen's semantics nodes (internal to CAccessibility).
#ifndef LUMEN_ACCESSIBLE_H
#define LUMEN_ACCESSIBLE_H

#include <atk/atk.h>
#include "lumen_a11y.h"

/// One semantics node (or the window's frame) as an AtkObject, with the Component, Action
/// and Value interfaces. Its fields are the last snapshot's; only the bridge's thread touches it.
typedef struct {
    AtkObject parent_instance;
    int64_t id;
    int32_t role;
    char *name, *description, *value_text;
    bool has_range;
    double value, minimum, maximum, step;
    uint32_t states;
    bool clickable;
    bool defunct;
    bool is_frame;
    int32_t x, y, width, height;
    /// The frame's screen origin (extents relative to the window are measured from it).
    int32_t frame_x, frame_y;
    GPtrArray *children;   // LumenAccessible*, owned
} LumenAccessible;

typedef struct {
    AtkObjectClass parent_class;
} LumenAccessibleClass;

GType lumen_accessible_get_type(void);
#define LUMEN_TYPE_ACCESSIBLE (lumen_accessible_get_type())
#define LUMEN_ACCESSIBLE(o) (G_TYPE_CHECK_INSTANCE_CAST((o), LUMEN_TYPE_ACCESSIBLE, LumenAccessible))
#define LUMEN_IS_ACCESSIBLE(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), LUMEN_TYPE_ACCESSIBLE))

LumenAccessible *lumen_accessible_new(int64_t id, AtkObject *parent);

/// The application object: the root AT-SPI asks for, named after the app, with the frame as
/// its one child.
AtkObject *lumen_application_new(const char *name, AtkObject *frame);

/// Where requests from the screen reader go (set by lumen_a11y_start).
void lumen_accessible_set_handler(LumenA11yRequestHandler handler, void *context);
/// Sends a request that is not about a node (LUMEN_REQUEST_REFRESH).
void lumen_accessible_request_refresh(void);

#endif
