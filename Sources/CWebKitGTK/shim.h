// WebKitGTK (webkit2gtk-4.1, GTK 3) for the optional real engine (package trait WebKitGTK).
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>
#include <string.h>

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

// The body of a request to a custom URI scheme, read whole (NUL-terminated; g_free it), or NULL.
static inline char *bridgecheck_scheme_request_body(WebKitURISchemeRequest *request) {
  GInputStream *stream = webkit_uri_scheme_request_get_http_body(request);
  if (!stream) return NULL;
  GByteArray *bytes = g_byte_array_new();
  guint8 buffer[65536];
  gssize read;
  while ((read = g_input_stream_read(stream, buffer, sizeof buffer, NULL, NULL)) > 0) g_byte_array_append(bytes, buffer, (guint)read);
  g_object_unref(stream);
  g_byte_array_append(bytes, (const guint8 *)"", 1);
  return (char *)g_byte_array_free(bytes, FALSE);
}

// Answers a request to a custom URI scheme with `text` as JSON, readable from any origin.
static inline void bridgecheck_scheme_request_answer(WebKitURISchemeRequest *request, const char *text) {
  gsize length = strlen(text);
  GInputStream *stream = g_memory_input_stream_new_from_data(g_strndup(text, length), (gssize)length, g_free);
  WebKitURISchemeResponse *response = webkit_uri_scheme_response_new(stream, (gint64)length);
  webkit_uri_scheme_response_set_content_type(response, "application/json; charset=utf-8");
  SoupMessageHeaders *headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_RESPONSE);
  soup_message_headers_append(headers, "Access-Control-Allow-Origin", "*");
  webkit_uri_scheme_response_set_http_headers(response, headers);
  webkit_uri_scheme_request_finish_with_response(request, response);
  g_object_unref(response);
  g_object_unref(stream);
}

// A web view in `context` with `manager` (g_object_new is variadic; Swift calls this instead).
static inline WebKitWebView *bridgecheck_web_view_new(WebKitWebContext *context, WebKitUserContentManager *manager) {
  return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "web-context", context, "user-content-manager", manager, NULL));
}

static void bridgecheck_website_data_cleared(GObject *source, GAsyncResult *result, gpointer done) {
  webkit_website_data_manager_clear_finish(WEBKIT_WEBSITE_DATA_MANAGER(source), result, NULL);
  *(int *)done = 1;
}

// Starts clearing every kind of website data `context` holds (local storage, cookies, caches…);
// `*done` becomes 1 when it has finished, on the main context.
static inline void bridgecheck_clear_website_data(WebKitWebContext *context, int *done) {
  WebKitWebsiteDataManager *manager = webkit_web_context_get_website_data_manager(context);
  webkit_website_data_manager_clear(manager, WEBKIT_WEBSITE_DATA_ALL, 0, NULL, bridgecheck_website_data_cleared, done);
}


// An ephemeral web context (nothing a page stores reaches the disk). With a `memory_limit_mb`
// above 0, its web processes are held to it: WebKit measures each one every `poll_interval`
// seconds and ends one that stays over the limit after releasing what it can (the view then
// reports WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT). Its relief thresholds are raised so that an
// ordinary page is not slowed down long before the limit.
static inline WebKitWebContext *bridgecheck_ephemeral_context_new(guint memory_limit_mb, gdouble poll_interval) {
  WebKitWebsiteDataManager *manager = webkit_website_data_manager_new_ephemeral();
  WebKitWebContext *context;
  if (memory_limit_mb > 0) {
    WebKitMemoryPressureSettings *settings = webkit_memory_pressure_settings_new();
    webkit_memory_pressure_settings_set_memory_limit(settings, memory_limit_mb);
    // Each must stay between its neighbours: kill first, then strict, then conservative.
    webkit_memory_pressure_settings_set_kill_threshold(settings, 1.0);
    webkit_memory_pressure_settings_set_strict_threshold(settings, 0.9);
    webkit_memory_pressure_settings_set_conservative_threshold(settings, 0.8);
    webkit_memory_pressure_settings_set_poll_interval(settings, poll_interval);
    context = WEBKIT_WEB_CONTEXT(g_object_new(WEBKIT_TYPE_WEB_CONTEXT, "website-data-manager", manager,
                                              "memory-pressure-settings", settings, NULL));
    webkit_memory_pressure_settings_free(settings);
  } else {
    context = WEBKIT_WEB_CONTEXT(g_object_new(WEBKIT_TYPE_WEB_CONTEXT, "website-data-manager", manager, NULL));
  }
  g_object_unref(manager);
  return context;
}
