#include "lumen_accessible.h"
#include <string.h>

static LumenA11yRequestHandler request_handler;
static void *request_context;

void lumen_accessible_set_handler(LumenA11yRequestHandler handler, void *context) {
    request_handler = handler;
    request_context = context;
}

void lumen_accessible_request_refresh(void) {
    if (request_handler) request_handler(request_context, 0, LUMEN_REQUEST_REFRESH, 0, NULL);
}

static void request_text(LumenAccessible *self, int32_t kind, double value, const char *text) {
    if (request_handler && !self->defunct && !self->is_frame) request_handler(request_context, self->id, kind, value, text);
}

static void request(LumenAccessible *self, int32_t kind, double value) { request_text(self, kind, value, NULL); }

// MARK: Component

static void get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType type) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(component);
    *x = self->x; *y = self->y; *width = self->width; *height = self->height;
    if (type == ATK_XY_WINDOW) { *x -= self->frame_x; *y -= self->frame_y; }
    if (type == ATK_XY_PARENT) {
        AtkObject *parent = atk_object_get_parent(ATK_OBJECT(self));
        if (parent && LUMEN_IS_ACCESSIBLE(parent)) { *x -= LUMEN_ACCESSIBLE(parent)->x; *y -= LUMEN_ACCESSIBLE(parent)->y; }
    }
}

static gboolean grab_focus(AtkComponent *component) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(component);
    if (!(self->states & LUMEN_STATE_FOCUSABLE)) return FALSE;
    request(self, LUMEN_REQUEST_FOCUS, 0);
    return TRUE;
}

static gboolean scroll_to(AtkComponent *component, AtkScrollType type) {
    (void)type;
    request(LUMEN_ACCESSIBLE(component), LUMEN_REQUEST_SCROLL_TO, 0);
    return TRUE;
}

static gboolean scroll_to_point(AtkComponent *component, AtkCoordType coords, gint x, gint y) {
    (void)coords; (void)x; (void)y;
    request(LUMEN_ACCESSIBLE(component), LUMEN_REQUEST_SCROLL_TO, 0);
    return TRUE;
}

static AtkLayer get_layer(AtkComponent *component) { (void)component; return ATK_LAYER_WIDGET; }

static void component_init(AtkComponentIface *iface) {
    iface->get_extents = get_extents;
    iface->grab_focus = grab_focus;
    iface->scroll_to = scroll_to;
    iface->scroll_to_point = scroll_to_point;
    iface->get_layer = get_layer;
}

// MARK: Action

static gint get_n_actions(AtkAction *action) { return LUMEN_ACCESSIBLE(action)->clickable ? 1 : 0; }

static const gchar *get_action_name(AtkAction *action, gint i) {
    return LUMEN_ACCESSIBLE(action)->clickable && i == 0 ? "click" : NULL;
}

static gboolean do_action(AtkAction *action, gint i) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(action);
    if (!self->clickable || i != 0) return FALSE;
    request(self, LUMEN_REQUEST_CLICK, 0);
    return TRUE;
}

static void action_init(AtkActionIface *iface) {
    iface->get_n_actions = get_n_actions;
    iface->get_name = get_action_name;
    iface->do_action = do_action;
}

// MARK: Value

static void get_value_and_text(AtkValue *obj, gdouble *value, gchar **text) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    if (value) *value = self->has_range ? self->value : 0;
    if (text) *text = self->value_text ? g_strdup(self->value_text) : NULL;
}

static AtkRange *get_range(AtkValue *obj) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    // A value that is only words (a photo's "In full color") has an empty range at 0.
    return self->has_range ? atk_range_new(self->minimum, self->maximum, NULL) : atk_range_new(0, 0, NULL);
}

static gdouble get_increment(AtkValue *obj) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    return self->has_range ? self->step : 0;
}

static void set_value(AtkValue *obj, const gdouble value) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    if (self->has_range) request(self, LUMEN_REQUEST_SET_VALUE, value);
}

// The older calls, which some clients still use.
static void get_current_value(AtkValue *obj, GValue *out) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, self->has_range ? self->value : 0);
}
static void get_minimum_value(AtkValue *obj, GValue *out) {
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, LUMEN_ACCESSIBLE(obj)->minimum);
}
static void get_maximum_value(AtkValue *obj, GValue *out) {
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, LUMEN_ACCESSIBLE(obj)->maximum);
}
static void get_minimum_increment(AtkValue *obj, GValue *out) {
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, LUMEN_ACCESSIBLE(obj)->step);
}
static gboolean set_current_value(AtkValue *obj, const GValue *in) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    if (!self->has_range) return FALSE;
    GValue d = G_VALUE_INIT;
    g_value_init(&d, G_TYPE_DOUBLE);
    if (!g_value_transform(in, &d)) return FALSE;
    request(self, LUMEN_REQUEST_SET_VALUE, g_value_get_double(&d));
    return TRUE;
}

static void value_init(AtkValueIface *iface) {
    iface->get_value_and_text = get_value_and_text;
    iface->get_range = get_range;
    iface->get_increment = get_increment;
    iface->set_value = set_value;
    iface->get_current_value = get_current_value;
    iface->get_minimum_value = get_minimum_value;
    iface->get_maximum_value = get_maximum_value;
    iface->get_minimum_increment = get_minimum_increment;
    iface->set_current_value = set_current_value;
}

// MARK: Selection (a page tab list's chosen tab, a list's selected rows)

static bool child_selected(LumenAccessible *self, guint i) {
    return i < self->children->len && (LUMEN_ACCESSIBLE(g_ptr_array_index(self->children, i))->states & LUMEN_STATE_SELECTED);
}

static gint get_selection_count(AtkSelection *selection) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(selection);
    gint n = 0;
    for (guint i = 0; i < self->children->len; i++) n += child_selected(self, i);
    return n;
}

static AtkObject *ref_selection(AtkSelection *selection, gint nth) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(selection);
    for (guint i = 0; i < self->children->len; i++) {
        if (child_selected(self, i) && nth-- == 0) return g_object_ref(ATK_OBJECT(g_ptr_array_index(self->children, i)));
    }
    return NULL;
}

static gboolean is_child_selected(AtkSelection *selection, gint i) {
    return i >= 0 && child_selected(LUMEN_ACCESSIBLE(selection), (guint)i);
}

/// Selecting a tab is pressing it.
static gboolean add_selection(AtkSelection *selection, gint i) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(selection);
    if (i < 0 || (guint)i >= self->children->len) return FALSE;
    LumenAccessible *child = LUMEN_ACCESSIBLE(g_ptr_array_index(self->children, i));
    if (!child->clickable) return FALSE;
    request(child, LUMEN_REQUEST_CLICK, 0);
    return TRUE;
}

static void selection_init(AtkSelectionIface *iface) {
    iface->get_selection_count = get_selection_count;
    iface->ref_selection = ref_selection;
    iface->is_child_selected = is_child_selected;
    iface->add_selection = add_selection;
}

// MARK: Text (read-only: a label's or heading's words, an entry's contents)

/// The text a node reads as: an entry's contents, else its name.
static const char *text_of(LumenAccessible *self) {
    const char *t = self->role == LUMEN_ROLE_ENTRY ? self->value_text : self->name;
    return t ? t : "";
}

static gint get_character_count(AtkText *text) {
    return (gint)g_utf8_strlen(text_of(LUMEN_ACCESSIBLE(text)), -1);
}

/// Characters `start` to `end` (-1: the end), as a new string.
static gchar *get_text(AtkText *text, gint start, gint end) {
    const char *t = text_of(LUMEN_ACCESSIBLE(text));
    glong n = g_utf8_strlen(t, -1);
    if (end < 0 || end > n) end = (gint)n;
    if (start < 0) start = 0;
    if (start > end) start = end;
    return g_utf8_substring(t, start, end);
}

static gunichar get_character_at_offset(AtkText *text, gint offset) {
    const char *t = text_of(LUMEN_ACCESSIBLE(text));
    if (offset < 0 || offset >= g_utf8_strlen(t, -1)) return 0;
    return g_utf8_get_char(g_utf8_offset_to_pointer(t, offset));
}

/// Every granularity gives the whole text: these are one-line labels and short entries.
static gchar *get_string_at_offset(AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    (void)offset; (void)granularity;
    *start = 0;
    *end = get_character_count(text);
    return get_text(text, 0, -1);
}

static gint get_caret_offset(AtkText *text) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(text);
    return self->role == LUMEN_ROLE_ENTRY && (self->states & LUMEN_STATE_FOCUSED) ? get_character_count(text) : -1;
}

static void text_init(AtkTextIface *iface) {
    iface->get_text = get_text;
    iface->get_character_count = get_character_count;
    iface->get_character_at_offset = get_character_at_offset;
    iface->get_string_at_offset = get_string_at_offset;
    iface->get_caret_offset = get_caret_offset;
}

// MARK: Editable text (entries): the new contents go to the app as a whole

static void set_text_contents(AtkEditableText *text, const gchar *string) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(text);
    if (self->role == LUMEN_ROLE_ENTRY) request_text(self, LUMEN_REQUEST_SET_TEXT, 0, string ? string : "");
}

static void insert_text(AtkEditableText *text, const gchar *string, gint length, gint *position) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(text);
    if (self->role != LUMEN_ROLE_ENTRY || !string) return;
    const char *now = text_of(self);
    glong n = g_utf8_strlen(now, -1);
    gint at = position && *position >= 0 && *position <= n ? *position : (gint)n;
    gchar *head = g_utf8_substring(now, 0, at), *tail = g_utf8_substring(now, at, n);
    gchar *piece = length >= 0 ? g_strndup(string, (gsize)length) : g_strdup(string);
    gchar *next = g_strconcat(head, piece, tail, NULL);
    request_text(self, LUMEN_REQUEST_SET_TEXT, 0, next);
    if (position) *position = at + (gint)g_utf8_strlen(piece, -1);
    g_free(head); g_free(tail); g_free(piece); g_free(next);
}

static void delete_text(AtkEditableText *text, gint start, gint end) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(text);
    if (self->role != LUMEN_ROLE_ENTRY) return;
    const char *now = text_of(self);
    glong n = g_utf8_strlen(now, -1);
    if (end < 0 || end > n) end = (gint)n;
    if (start < 0) start = 0;
    if (start >= end) return;
    gchar *head = g_utf8_substring(now, 0, start), *tail = g_utf8_substring(now, end, n);
    gchar *next = g_strconcat(head, tail, NULL);
    request_text(self, LUMEN_REQUEST_SET_TEXT, 0, next);
    g_free(head); g_free(tail); g_free(next);
}

static void editable_text_init(AtkEditableTextIface *iface) {
    iface->set_text_contents = set_text_contents;
    iface->insert_text = insert_text;
    iface->delete_text = delete_text;
}

// MARK: Object

G_DEFINE_TYPE_WITH_CODE(LumenAccessible, lumen_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, component_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, action_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, value_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, selection_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, text_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, editable_text_init))

static const gchar *get_name(AtkObject *obj) { return LUMEN_ACCESSIBLE(obj)->name; }
static const gchar *get_description(AtkObject *obj) { return LUMEN_ACCESSIBLE(obj)->description; }

static AtkRole get_role(AtkObject *obj) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    if (self->is_frame) return ATK_ROLE_FRAME;
    switch (self->role) {
    case LUMEN_ROLE_PUSH_BUTTON: return ATK_ROLE_PUSH_BUTTON;
    case LUMEN_ROLE_IMAGE: return ATK_ROLE_IMAGE;
    case LUMEN_ROLE_HEADING: return ATK_ROLE_HEADING;
    case LUMEN_ROLE_LABEL: return ATK_ROLE_LABEL;
    case LUMEN_ROLE_SCROLL_PANE: return ATK_ROLE_SCROLL_PANE;
    case LUMEN_ROLE_LIST: return ATK_ROLE_LIST;
    case LUMEN_ROLE_SLIDER: return ATK_ROLE_SLIDER;
    case LUMEN_ROLE_SPIN_BUTTON: return ATK_ROLE_SPIN_BUTTON;
    case LUMEN_ROLE_TOGGLE_BUTTON: return ATK_ROLE_TOGGLE_BUTTON;
    case LUMEN_ROLE_PAGE_TAB_LIST: return ATK_ROLE_PAGE_TAB_LIST;
    case LUMEN_ROLE_ENTRY: return ATK_ROLE_ENTRY;
    default: return ATK_ROLE_PANEL;
    }
}

static gint get_n_children(AtkObject *obj) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    return self->defunct ? 0 : (gint)self->children->len;
}

static AtkObject *ref_child(AtkObject *obj, gint i) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    if (self->defunct || i < 0 || (guint)i >= self->children->len) return NULL;
    return g_object_ref(ATK_OBJECT(g_ptr_array_index(self->children, i)));
}

static gint get_index_in_parent(AtkObject *obj) {
    AtkObject *parent = atk_object_get_parent(obj);
    if (!parent) return -1;
    if (!LUMEN_IS_ACCESSIBLE(parent)) return 0;   // the frame under the application
    guint index;
    return g_ptr_array_find(LUMEN_ACCESSIBLE(parent)->children, obj, &index) ? (gint)index : -1;
}

static AtkStateSet *ref_state_set(AtkObject *obj) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(obj);
    AtkStateSet *set = atk_state_set_new();
    if (self->defunct) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    static const struct { uint32_t bit; AtkStateType state; } map[] = {
        {LUMEN_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE}, {LUMEN_STATE_FOCUSED, ATK_STATE_FOCUSED},
        {LUMEN_STATE_SELECTED, ATK_STATE_SELECTED}, {LUMEN_STATE_CHECKED, ATK_STATE_CHECKED},
        {LUMEN_STATE_SHOWING, ATK_STATE_SHOWING}, {LUMEN_STATE_VISIBLE, ATK_STATE_VISIBLE},
        {LUMEN_STATE_ENABLED, ATK_STATE_ENABLED}, {LUMEN_STATE_ENABLED, ATK_STATE_SENSITIVE},
        {LUMEN_STATE_SELECTABLE, ATK_STATE_SELECTABLE}, {LUMEN_STATE_CHECKABLE, ATK_STATE_CHECKABLE},
        {LUMEN_STATE_EDITABLE, ATK_STATE_EDITABLE},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(map); i++) {
        if (self->states & map[i].bit) atk_state_set_add_state(set, map[i].state);
    }
    if (self->is_frame) atk_state_set_add_state(set, ATK_STATE_ACTIVE);
    return set;
}

static void finalize(GObject *object) {
    LumenAccessible *self = LUMEN_ACCESSIBLE(object);
    g_free(self->name);
    g_free(self->description);
    g_free(self->value_text);
    g_ptr_array_unref(self->children);
    G_OBJECT_CLASS(lumen_accessible_parent_class)->finalize(object);
}

static void lumen_accessible_class_init(LumenAccessibleClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_name = get_name;
    atk->get_description = get_description;
    atk->get_role = get_role;
    atk->get_n_children = get_n_children;
    atk->ref_child = ref_child;
    atk->get_index_in_parent = get_index_in_parent;
    atk->ref_state_set = ref_state_set;
    G_OBJECT_CLASS(klass)->finalize = finalize;
}

static void lumen_accessible_init(LumenAccessible *self) {
    self->children = g_ptr_array_new_with_free_func(g_object_unref);
}

LumenAccessible *lumen_accessible_new(int64_t id, AtkObject *parent) {
    LumenAccessible *self = g_object_new(LUMEN_TYPE_ACCESSIBLE, NULL);
    self->id = id;
    atk_object_initialize(ATK_OBJECT(self), NULL);
    if (parent) atk_object_set_parent(ATK_OBJECT(self), parent);
    return self;
}

// MARK: Application

typedef struct { AtkObject parent_instance; char *name; AtkObject *frame; } LumenApplication;
typedef struct { AtkObjectClass parent_class; } LumenApplicationClass;
G_DEFINE_TYPE(LumenApplication, lumen_application, ATK_TYPE_OBJECT)

static const gchar *application_name(AtkObject *obj) { return ((LumenApplication *)obj)->name; }
static AtkRole application_role(AtkObject *obj) { (void)obj; return ATK_ROLE_APPLICATION; }
static gint application_n_children(AtkObject *obj) { return ((LumenApplication *)obj)->frame ? 1 : 0; }
static AtkObject *application_ref_child(AtkObject *obj, gint i) {
    LumenApplication *self = (LumenApplication *)obj;
    return i == 0 && self->frame ? g_object_ref(self->frame) : NULL;
}

static void lumen_application_class_init(LumenApplicationClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_name = application_name;
    atk->get_role = application_role;
    atk->get_n_children = application_n_children;
    atk->ref_child = application_ref_child;
}

static void lumen_application_init(LumenApplication *self) { (void)self; }

AtkObject *lumen_application_new(const char *name, AtkObject *frame) {
    LumenApplication *self = g_object_new(lumen_application_get_type(), NULL);
    self->name = g_strdup(name);
    self->frame = frame;
    atk_object_initialize(ATK_OBJECT(self), NULL);
    atk_object_set_parent(frame, ATK_OBJECT(self));
    return ATK_OBJECT(self);
}
