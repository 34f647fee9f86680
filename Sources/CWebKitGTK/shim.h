// WebKitGTK (webkit2gtk-4.1, GTK 3) for the optional real engine (package trait WebKitGTK).
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

// g_signal_connect is a macro; Swift calls this instead.
static inline gulong bridgecheck_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
  return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

// GTK_CONTAINER / WEBKIT_* casts are macros too.
static inline void bridgecheck_container_add(GtkWidget *container, GtkWidget *child) {
  gtk_container_add(GTK_CONTAINER(container), child);
}

static inline WebKitNavigationPolicyDecision *bridgecheck_navigation_decision(WebKitPolicyDecision *decision) {
  return WEBKIT_NAVIGATION_POLICY_DECISION(decision);
}
