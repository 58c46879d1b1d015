// The bridge's thread: waits until an assistive technology listens, then brings up ATK and
// atk-bridge on a GLib main context of its own and applies the snapshots the main thread
// publishes, emitting the events a screen reader hears. See lumen_a11y.h.
#define ATK_DISABLE_DEPRECATION_WARNINGS
#include "lumen_a11y.h"
#include "lumen_accessible.h"
#include <atk-bridge.h>
#include <gio/gio.h>
#include <stdlib.h>
#include <string.h>

static GMainContext *context;
static gint active;             // atomic: the bridge is up
static char *application_name;
static AtkObject *application;
static LumenAccessible *frame;
static GHashTable *objects;     // id → LumenAccessible (owned)
static int64_t focused_id;

// MARK: AtkUtil: the root, the toolkit's name, and the global event listeners atk-bridge
// subscribes with (names like "Gtk:AtkObject:property-change", as GTK answers them).

typedef struct { guint signal_id; gulong hook_id; } Listener;
static GHashTable *listeners;   // our id → Listener*
static guint next_listener = 1;

static guint add_global_event_listener(GSignalEmissionHook hook, const gchar *event_type) {
    gchar **parts = g_strsplit(event_type, ":", 3);
    guint id = 0;
    if (g_strv_length(parts) == 3) {
        GType type = g_type_from_name(parts[1]);
        if (type) {
            gpointer klass = G_TYPE_IS_INTERFACE(type) ? g_type_default_interface_ref(type) : g_type_class_ref(type);
            guint signal_id = g_signal_lookup(parts[2], type);
            if (signal_id) {
                Listener *l = g_new0(Listener, 1);
                l->signal_id = signal_id;
                l->hook_id = g_signal_add_emission_hook(signal_id, 0, hook, NULL, NULL);
                id = next_listener++;
                g_hash_table_insert(listeners, GUINT_TO_POINTER(id), l);
            }
            (void)klass;   // kept: the hook needs the class alive
        }
    }
    g_strfreev(parts);
    return id;
}

static void remove_global_event_listener(guint id) {
    Listener *l = g_hash_table_lookup(listeners, GUINT_TO_POINTER(id));
    if (!l) return;
    g_signal_remove_emission_hook(l->signal_id, l->hook_id);
    g_hash_table_remove(listeners, GUINT_TO_POINTER(id));
}

static AtkObject *get_root(void) { return application; }
static const gchar *get_toolkit_name(void) { return "Lumen"; }
static const gchar *get_toolkit_version(void) { return "1.0"; }

static void install_util(void) {
    listeners = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->add_global_event_listener = add_global_event_listener;
    util->remove_global_event_listener = remove_global_event_listener;
    util->get_root = get_root;
    util->get_toolkit_name = get_toolkit_name;
    util->get_toolkit_version = get_toolkit_version;
}

// MARK: Snapshots

typedef struct {
    char *frame_name;
    int32_t x, y, width, height;
    LumenA11yNode *nodes;
    int32_t count;
    int64_t focused;
} Snapshot;

static void snapshot_free(gpointer data) {
    Snapshot *s = data;
    for (int32_t i = 0; i < s->count; i++) {
        g_free((char *)s->nodes[i].name);
        g_free((char *)s->nodes[i].description);
        g_free((char *)s->nodes[i].value_text);
    }
    g_free(s->nodes);
    g_free(s->frame_name);
    g_free(s);
}

/// Replaces `*field` with a copy of `text`; returns whether it changed.
static bool set_text(char **field, const char *text) {
    if (g_strcmp0(*field, text) == 0) return false;
    g_free(*field);
    *field = g_strdup(text);
    return true;
}

static void notify_states(LumenAccessible *obj, uint32_t old, uint32_t now) {
    static const struct { uint32_t bit; AtkStateType state; } watched[] = {
        {LUMEN_STATE_FOCUSED, ATK_STATE_FOCUSED}, {LUMEN_STATE_SELECTED, ATK_STATE_SELECTED},
        {LUMEN_STATE_CHECKED, ATK_STATE_CHECKED}, {LUMEN_STATE_SHOWING, ATK_STATE_SHOWING},
        {LUMEN_STATE_VISIBLE, ATK_STATE_VISIBLE}, {LUMEN_STATE_ENABLED, ATK_STATE_ENABLED},
        {LUMEN_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(watched); i++) {
        if ((old ^ now) & watched[i].bit) atk_object_notify_state_change(ATK_OBJECT(obj), watched[i].state, (now & watched[i].bit) != 0);
    }
}

/// Makes `parent`'s children `now`, announcing who left and who came.
static void set_children(LumenAccessible *parent, GPtrArray *now) {
    GPtrArray *old = parent->children;
    for (guint i = old->len; i-- > 0;) {
        gpointer child = g_ptr_array_index(old, i);
        if (!g_ptr_array_find(now, child, NULL)) {
            g_object_ref(child);
            g_ptr_array_remove_index(old, i);
            g_signal_emit_by_name(parent, "children-changed::remove", i, child);
            g_object_unref(child);
        }
    }
    // The order now: those that stayed keep their objects; new ones come in at their place.
    GPtrArray *next = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < now->len; i++) g_ptr_array_add(next, g_object_ref(g_ptr_array_index(now, i)));
    GPtrArray *before = parent->children;
    parent->children = next;
    for (guint i = 0; i < next->len; i++) {
        gpointer child = g_ptr_array_index(next, i);
        if (!g_ptr_array_find(before, child, NULL)) g_signal_emit_by_name(parent, "children-changed::add", i, child);
    }
    g_ptr_array_unref(before);
}

static gboolean apply(gpointer data) {
    Snapshot *s = data;
    if (set_text(&frame->name, s->frame_name)) g_object_notify(G_OBJECT(frame), "accessible-name");
    frame->x = frame->frame_x = s->x;
    frame->y = frame->frame_y = s->y;
    frame->width = s->width;
    frame->height = s->height;
    frame->states = LUMEN_STATE_SHOWING | LUMEN_STATE_VISIBLE | LUMEN_STATE_ENABLED;

    GHashTable *seen = g_hash_table_new(g_int64_hash, g_int64_equal);
    GPtrArray *reselected = g_ptr_array_new();   // parents whose children's selection changed
    GHashTable *kids = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
    g_hash_table_insert(kids, frame, g_ptr_array_new());
    for (int32_t i = 0; i < s->count; i++) {
        const LumenA11yNode *n = &s->nodes[i];
        LumenAccessible *parent = n->parent ? g_hash_table_lookup(objects, &n->parent) : frame;
        if (!parent) parent = frame;
        LumenAccessible *obj = g_hash_table_lookup(objects, &n->id);
        bool fresh = obj == NULL;
        if (fresh) {
            obj = lumen_accessible_new(n->id, ATK_OBJECT(parent));
            g_hash_table_insert(objects, &obj->id, obj);
        } else if (atk_object_get_parent(ATK_OBJECT(obj)) != ATK_OBJECT(parent)) {
            atk_object_set_parent(ATK_OBJECT(obj), ATK_OBJECT(parent));
        }
        g_hash_table_add(seen, &obj->id);
        uint32_t oldStates = obj->states;
        double oldValue = obj->value;
        // An entry's words before, for its text-changed events.
        gchar *oldText = n->role == LUMEN_ROLE_ENTRY && !fresh ? g_strdup(obj->value_text ? obj->value_text : "") : NULL;
        bool named = set_text(&obj->name, n->name);
        bool described = set_text(&obj->description, n->description);
        bool worded = set_text(&obj->value_text, n->value_text);
        obj->role = n->role;
        obj->has_range = n->has_range;
        obj->value = n->value; obj->minimum = n->minimum; obj->maximum = n->maximum; obj->step = n->step;
        obj->states = n->states;
        obj->clickable = n->clickable;
        obj->x = n->x; obj->y = n->y; obj->width = n->width; obj->height = n->height;
        obj->frame_x = s->x; obj->frame_y = s->y;
        if (!fresh) {
            if (named) g_object_notify(G_OBJECT(obj), "accessible-name");
            if (described) g_object_notify(G_OBJECT(obj), "accessible-description");
            if (worded || (n->has_range && oldValue != n->value)) g_object_notify(G_OBJECT(obj), "accessible-value");
            if (worded && oldText) {
                // The whole text went and the new one came (what a screen reader echoes).
                const char *newText = n->value_text ? n->value_text : "";
                if (*oldText) g_signal_emit_by_name(obj, "text-remove", 0, (gint)g_utf8_strlen(oldText, -1), oldText);
                if (*newText) g_signal_emit_by_name(obj, "text-insert", 0, (gint)g_utf8_strlen(newText, -1), newText);
            }
            notify_states(obj, oldStates, n->states);
            if (((oldStates ^ n->states) & LUMEN_STATE_SELECTED) && !g_ptr_array_find(reselected, parent, NULL)) {
                g_ptr_array_add(reselected, parent);
            }
        }
        g_free(oldText);
        GPtrArray *list = g_hash_table_lookup(kids, parent);
        if (!list) { list = g_ptr_array_new(); g_hash_table_insert(kids, parent, list); }
        g_ptr_array_add(list, obj);
        if (!g_hash_table_contains(kids, obj)) g_hash_table_insert(kids, obj, g_ptr_array_new());
    }
    // Children lists, parents first so a moved node leaves before it arrives.
    set_children(frame, g_hash_table_lookup(kids, frame));
    for (int32_t i = 0; i < s->count; i++) {
        LumenAccessible *obj = g_hash_table_lookup(objects, &s->nodes[i].id);
        GPtrArray *list = g_hash_table_lookup(kids, obj);
        if (obj && list) set_children(obj, list);
    }
    // Nodes that went: defunct, then let go.
    GHashTableIter it;
    gpointer key, value;
    GPtrArray *gone = g_ptr_array_new();
    g_hash_table_iter_init(&it, objects);
    while (g_hash_table_iter_next(&it, &key, &value)) {
        if (!g_hash_table_contains(seen, key)) g_ptr_array_add(gone, value);
    }
    for (guint i = 0; i < gone->len; i++) {
        LumenAccessible *obj = g_ptr_array_index(gone, i);
        obj->defunct = true;
        atk_object_notify_state_change(ATK_OBJECT(obj), ATK_STATE_DEFUNCT, TRUE);
        g_ptr_array_set_size(obj->children, 0);
        g_hash_table_remove(objects, &obj->id);
    }
    g_ptr_array_unref(gone);
    for (guint i = 0; i < reselected->len; i++) g_signal_emit_by_name(g_ptr_array_index(reselected, i), "selection-changed");
    g_ptr_array_unref(reselected);
    // Focus last: the focused object exists and knows its place.
    if (s->focused != focused_id) {
        focused_id = s->focused;
        LumenAccessible *obj = focused_id ? g_hash_table_lookup(objects, &focused_id) : NULL;
        if (obj) atk_focus_tracker_notify(ATK_OBJECT(obj));
    }
    g_hash_table_unref(seen);
    g_hash_table_unref(kids);
    return G_SOURCE_REMOVE;
}

void lumen_a11y_publish(const char *frame_name, int32_t x, int32_t y, int32_t width, int32_t height,
                        const LumenA11yNode *nodes, int32_t count, int64_t focused) {
    if (!g_atomic_int_get(&active)) return;
    Snapshot *s = g_new0(Snapshot, 1);
    s->frame_name = g_strdup(frame_name);
    s->x = x; s->y = y; s->width = width; s->height = height;
    s->count = count;
    s->focused = focused;
    s->nodes = g_new(LumenA11yNode, count > 0 ? count : 1);
    for (int32_t i = 0; i < count; i++) {
        s->nodes[i] = nodes[i];
        s->nodes[i].name = g_strdup(nodes[i].name);
        s->nodes[i].description = g_strdup(nodes[i].description);
        s->nodes[i].value_text = g_strdup(nodes[i].value_text);
    }
    g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, apply, s, snapshot_free);
}

bool lumen_a11y_is_active(void) { return g_atomic_int_get(&active) != 0; }

// MARK: Starting

/// Brings up ATK and the bridge (once): the application, its frame and the bus.
static void bring_up(void) {
    if (g_atomic_int_get(&active)) return;
    objects = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, g_object_unref);
    frame = lumen_accessible_new(-1, NULL);
    frame->is_frame = true;
    application = lumen_application_new(application_name, ATK_OBJECT(frame));
    install_util();
    if (atk_bridge_adaptor_init(NULL, NULL) != 0) {
        g_printerr("lumen: accessibility: the AT-SPI bridge did not start\n");
        return;
    }
    atk_bridge_set_event_context(context);
    g_atomic_int_set(&active, 1);
    lumen_accessible_request_refresh();
}

/// Whether the accessibility bus says an assistive technology wants applications' trees.
static bool bus_says_enabled(GDBusConnection *session) {
    bool enabled = false;
    const char *properties[] = {"IsEnabled", "ScreenReaderEnabled"};
    for (size_t i = 0; i < 2 && !enabled; i++) {
        // NO_AUTO_START: asking must not start the accessibility bus.
        GVariant *reply = g_dbus_connection_call_sync(session, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties",
                                                      "Get", g_variant_new("(ss)", "org.a11y.Status", properties[i]),
                                                      G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, NULL, NULL);
        if (!reply) continue;
        GVariant *v;
        g_variant_get(reply, "(v)", &v);
        if (g_variant_is_of_type(v, G_VARIANT_TYPE_BOOLEAN)) enabled = g_variant_get_boolean(v);
        g_variant_unref(v);
        g_variant_unref(reply);
    }
    return enabled;
}

static void status_changed(GDBusConnection *session, const gchar *sender, const gchar *path, const gchar *interface,
                           const gchar *signal, GVariant *parameters, gpointer data) {
    (void)sender; (void)path; (void)interface; (void)signal; (void)parameters; (void)data;
    if (bus_says_enabled(session)) bring_up();
}

static void name_appeared(GDBusConnection *session, const gchar *name, const gchar *owner, gpointer data) {
    (void)name; (void)owner; (void)data;
    if (bus_says_enabled(session)) bring_up();
}

static LumenA11yMode start_mode = LUMEN_A11Y_WHEN_ASKED;
static bool session_bus_exists = false;

static gpointer run(gpointer data) {
    (void)data;
    g_main_context_push_thread_default(context);
    // Only a session bus that exists: without one no AT can listen, and GLib's fallback
    // (X11 autolaunch) would start a bus just to ask.
    GDBusConnection *session = session_bus_exists ? g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL) : NULL;
    if (start_mode == LUMEN_A11Y_ALWAYS) {
        bring_up();
    } else if (session) {
        // Orca (or any AT) sets IsEnabled on the accessibility bus: watch for it, whenever it comes.
        g_dbus_connection_signal_subscribe(session, "org.a11y.Bus", "org.freedesktop.DBus.Properties", "PropertiesChanged",
                                           "/org/a11y/bus", "org.a11y.Status", G_DBUS_SIGNAL_FLAGS_NONE,
                                           status_changed, NULL, NULL);
        g_bus_watch_name_on_connection(session, "org.a11y.Bus", G_BUS_NAME_WATCHER_FLAGS_NONE, name_appeared, NULL, NULL, NULL);
    } else {
        return NULL;   // no session bus: nothing can listen
    }
    GMainLoop *loop = g_main_loop_new(context, FALSE);
    g_main_loop_run(loop);
    return NULL;
}

void lumen_a11y_start(const char *name, LumenA11yMode mode, bool has_session_bus, LumenA11yRequestHandler handler,
                      void *handler_context) {
    if (context || mode == LUMEN_A11Y_OFF) return;
    start_mode = mode;
    session_bus_exists = has_session_bus;
    application_name = g_strdup(name);
    lumen_accessible_set_handler(handler, handler_context);
    context = g_main_context_new();
    g_thread_unref(g_thread_new("lumen-a11y", run, NULL));
}
