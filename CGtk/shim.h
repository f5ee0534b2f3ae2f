#ifndef CAMBIO_CGTK_SHIM_H
#define CAMBIO_CGTK_SHIM_H

/* Pin the GTK API to 4.8 (Debian 12): newer calls are flagged at build time. */
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
#define GLIB_VERSION_MIN_REQUIRED GLIB_VERSION_2_74
#define GLIB_VERSION_MAX_ALLOWED GLIB_VERSION_2_74
/* Pin libadwaita to 1.2 (Debian 12) the same way: newer calls are flagged at build time. */
#define ADW_VERSION_MIN_REQUIRED ADW_VERSION_1_2
#define ADW_VERSION_MAX_ALLOWED ADW_VERSION_1_2

#include <gtk/gtk.h>
#include <adwaita.h>
/* g_memory_settings_backend_new: settings that live only in the process (tests). */
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <libsoup/soup.h>
#include <glib-unix.h>
#include <locale.h>
#include <libintl.h>
#include <unistd.h>

/* libdispatch's main queue, as CoreFoundation's run loop drains it (exported by libdispatch on
   Linux). Watching the handle from the GLib main loop lets @MainActor jobs run under
   g_application_run. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* gtk_accessible_update_property is variadic. */
static inline void cambio_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* The accessible name, and nothing else: GTK 4.8 reads a widget's label property and then the
   names of whatever it is labelled by (a button's own text, a row's title) one after the other,
   which doubles the name ("Popular currencies Popular"). */
static inline void cambio_accessible_set_name(GtkWidget *widget, const char *name) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* Left out of the accessibility tree (a part with nothing to say: a layout probe). */
static inline void cambio_accessible_set_hidden(GtkWidget *widget) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/* The description read after the name; NULL removes it. */
static inline void cambio_accessible_set_description(GtkWidget *widget, const char *description) {
    if (description)
        gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    else
        gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* Whether the value entered is wrong (GTK_ACCESSIBLE_INVALID_TRUE) or not. */
static inline void cambio_accessible_set_invalid(GtkWidget *widget, gboolean invalid) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                                invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

/* A button read as a menu item, and a box read as a menu: the accessible role is fixed when a
   widget is made (a construct-only property). */
static inline GtkWidget *cambio_menu_item_button_new(void) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BUTTON, "accessible-role", GTK_ACCESSIBLE_ROLE_MENU_ITEM, NULL));
}
static inline GtkWidget *cambio_menu_box_new(void) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_MENU,
                                   "orientation", GTK_ORIENTATION_VERTICAL, NULL));
}

/* A drawing area read as an image (a chart): GTK 4.8 makes it a filler, which a screen reader
   passes over. */
static inline GtkWidget *cambio_drawing_area_new_image(void) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_IMG, NULL));
}

/* Described by two widgets (a chart by its summary and its readout). */
static inline void cambio_accessible_set_described_by(GtkWidget *widget, GtkWidget *first, GtkWidget *second) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, first, second, NULL, -1);
}

/* What a range's value stands for ("March 2000" for 2). */
static inline void cambio_accessible_set_value_text(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

/* g_object_set is variadic: a typed single-property setter. */
static inline void cambio_object_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

static inline void cambio_object_set_uint(gpointer object, const char *name, guint value) {
    g_object_set(object, name, value, NULL);
}
/* A string property's value (NULL when unset), to free with g_free. */
static inline char *cambio_object_get_string(gpointer object, const char *name) {
    char *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

static inline guint cambio_object_get_uint(gpointer object, const char *name) {
    guint value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}

/* G_VARIANT_TYPE_STRING is a macro. */
static inline const GVariantType *cambio_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }

#endif
