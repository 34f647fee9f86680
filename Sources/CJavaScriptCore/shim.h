#ifndef BRIDGECHECK_CJAVASCRIPTCORE_SHIM_H
#define BRIDGECHECK_CJAVASCRIPTCORE_SHIM_H

// The classic JavaScriptCore C API: the same header path on Linux (WebKitGTK,
// through pkg-config's -I/usr/include/webkitgtk-4.1) and on Apple platforms
// (JavaScriptCore.framework).
#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

// Exported by the library but declared only in the private header
// JSContextRefPrivate.h, which neither platform installs.

/// Called by the watchdog when a script has run longer than the limit;
/// returning true terminates the script with an uncatchable exception.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);

/// Sets the CPU-time limit, in seconds, for each entry into the virtual
/// machine of `group` (each top-level evaluate or call gets its own budget).
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group,
                                                   double limit,
                                                   JSShouldTerminateCallback callback,
                                                   void *context);

/// Removes a limit set by JSContextGroupSetExecutionTimeLimit.
JS_EXPORT void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

/// Makes the engine call `function(promise, reason)` for every promise
/// rejection that no handler caught by the end of a microtask checkpoint.
JS_EXPORT void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx,
                                                            JSObjectRef function,
                                                            JSValueRef *exception);

/// Runs a full garbage collection of the context's virtual machine now
/// (JSGarbageCollect only hints that one would be welcome).
JS_EXPORT void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);

/// A script parsed once for a context group, evaluated in any of its
/// contexts without parsing or copying its text again (JSScriptRefPrivate.h).
typedef struct OpaqueJSScript *JSScriptRef;

/// Parses `source` for `contextGroup`; NULL with `errorMessage` and
/// `errorLine` set when it has a syntax error.
JS_EXPORT JSScriptRef JSScriptCreateFromString(JSContextGroupRef contextGroup, JSStringRef url,
                                               int startingLineNumber, JSStringRef source,
                                               JSStringRef *errorMessage, int *errorLine);

/// Releases a script made by JSScriptCreateFromString.
JS_EXPORT void JSScriptRelease(JSScriptRef script);

/// Runs `script` in `context` (a context of the group it was made for).
JS_EXPORT JSValueRef JSScriptEvaluate(JSContextRef context, JSScriptRef script, JSValueRef thisValue,
                                      JSValueRef *exception);

#if defined(__linux__)
// JavaScriptCore's GLib API (jsc/JSCOptions.h, which needs GLib's headers):
// sets an engine option before the first virtual machine exists; returns
// nonzero when the option exists and took the value. `gboolean` and `gint`
// are both `int`.

/// Sets a boolean engine option.
int jsc_options_set_boolean(const char *option, int value);

/// Sets an integer engine option.
int jsc_options_set_int(const char *option, int value);
#endif

#ifdef __cplusplus
}
#endif

#endif
