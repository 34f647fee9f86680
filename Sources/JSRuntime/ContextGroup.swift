import CJavaScriptCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One JavaScriptCore virtual machine (a context group): its heap, its
/// compiled-code cache, its watchdog, and the scripts prepared for it.
///
/// A context either has a group of its own (released with it), or lives in
/// the shared group of the thread that created it (see
/// ``SharedContextGroup``): creating a group costs several times more than a
/// global context in an existing one, and the shared group's code cache
/// means the page environment and the bridges are compiled once, not once
/// per page.
final class ContextGroup {
  /// The engine's group.
  let raw: JSContextGroupRef
  /// The group's execution time limit (the engine has one per group).
  let watchdog = ExecutionWatchdog()
  /// Whether this is a thread's shared group.
  let isShared: Bool
  /// Which shared group this is, counted per process (0 for a private group).
  let serial: Int
  /// Global contexts created in this group so far.
  private(set) var contextsCreated = 0
  /// Global contexts created since the last full collection.
  private var contextsSinceCollection = 0
  /// Set when a context of this group was terminated or passed a limit: the
  /// engine may hold state of that page (microtasks a termination left
  /// queued, a heap near its limit), so no further page uses this group.
  private(set) var isRetired = false
  /// Scripts parsed for this group, by ``PreparedScript`` identity (the
  /// script object is kept so that its identity is not reused).
  private var prepared: [ObjectIdentifier: (script: PreparedScript, raw: JSScriptRef)] = [:]
  /// Large texts evaluated more than once in this group (see ``ReusedScripts``).
  private var reused = ReusedScripts()

  private static let serials = Atomic<Int>(0)

  init(shared: Bool) {
    raw = JSContextGroupCreate()
    isShared = shared
    serial = shared ? Self.serials.add(1, ordering: .relaxed).newValue : 0
  }

  /// A global context of the group's own, made on first need, that no page
  /// code runs in, and a function of it that does nothing (see
  /// ``releaseRejectionCallback(of:)``).
  private var anchor: (context: JSGlobalContextRef, noOp: JSObjectRef)?

  deinit {
    for entry in prepared.values { JSScriptRelease(entry.raw) }
    reused.releaseAll()
    if let anchor {
      JSValueUnprotect(anchor.context, anchor.noOp)
      JSGlobalContextRelease(anchor.context)
    }
    JSContextGroupRelease(raw)
  }

  /// Points the unhandled-rejection callback of `context`, which is closing,
  /// at a function of another global object. The engine holds that callback
  /// as a root: left pointing at a function of the closing page, it keeps the
  /// whole page alive for as long as the group lives (measured: 270 KB a page).
  func releaseRejectionCallback(of context: JSGlobalContextRef) {
    if anchor == nil {
      let made = JSGlobalContextCreateInGroup(raw, nil)!
      let function = JSStrings.with("(function () {})") { JSEvaluateScript(made, $0, nil, nil, 1, nil) }
      guard let function, let object = JSValueToObject(made, function, nil) else {
        JSGlobalContextRelease(made)
        return
      }
      JSValueProtect(made, object)
      anchor = (made, object)
    }
    if let anchor { JSGlobalContextSetUnhandledRejectionCallback(context, anchor.noOp, nil) }
  }

  /// Creates a global context in this group. In a shared group, every
  /// ``SharedContextGroup/collectionInterval`` contexts the heap is collected
  /// in full first (pages released since then are garbage), and after
  /// ``SharedContextGroup/recycleInterval`` contexts the group is retired.
  func makeGlobalContext() -> JSGlobalContextRef {
    let context = JSGlobalContextCreateInGroup(raw, nil)!
    contextsCreated += 1
    contextsSinceCollection += 1
    guard isShared else { return context }
    if contextsSinceCollection > SharedContextGroup.collectionInterval {
      contextsSinceCollection = 1
      JSSynchronousGarbageCollectForDebugging(context)
    }
    if contextsCreated >= SharedContextGroup.recycleInterval { retire() }
    return context
  }

  /// No further context is created in this group.
  func retire() { isRetired = true }

  /// The engine script for a large text evaluated in this group before
  /// (see ``ReusedScripts``), or nil: the caller then evaluates the text.
  func reusedScript(for source: String, sourceURL: String?) -> JSScriptRef? {
    reused.script(for: source, sourceURL: sourceURL, in: raw)
  }

  /// Evaluations in this group that used a kept text.
  var reusedScriptHits: Int { reused.hits }

  /// An engine script of `source` for `group`, or nil when it has a syntax
  /// error (the caller evaluates the text to report it). The caller releases it.
  static func makeScript(_ source: String, sourceURL: String?, in group: JSContextGroupRef) -> JSScriptRef? {
    var errorMessage: JSStringRef?
    var errorLine: Int32 = 0
    let made = JSStrings.with(source) { text in
      withOptionalJSString(sourceURL) { url in JSScriptCreateFromString(group, url, 1, text, &errorMessage, &errorLine)
      }
    }
    if let errorMessage { JSStringRelease(errorMessage) }
    return made
  }

  /// The parsed form of `script` for this group, parsed on first use; nil
  /// when it has a syntax error (the caller evaluates its text to report it).
  func parsed(_ script: PreparedScript) -> JSScriptRef? {
    let key = ObjectIdentifier(script)
    if let entry = prepared[key] { return entry.raw }
    guard let made = Self.makeScript(script.source, sourceURL: script.sourceURL, in: raw) else { return nil }
    prepared[key] = (script, made)
    return made
  }
}

/// The context group each thread shares between the pages it runs
/// (``ScriptContext/Configuration/sharesContextGroup``).
///
/// Isolation between the pages of one group: each page is a fresh global
/// object (its own built-ins, prototypes and globals); timers live in the
/// page's scheduler, not in the engine; the engine drains microtasks before
/// every entry returns, and a context that is closed has its captured values
/// unprotected and its native functions released. What could survive a page
/// is the engine's own state after a termination or a limit, so a group in
/// which a context was terminated, or whose page passed a limit, is retired
/// (``retireOnThisThread()`` does it too), and the next page gets a fresh
/// group. Memory of closed pages is collected every ``collectionInterval``
/// pages.
package enum SharedContextGroup {
  /// How many global contexts a shared group creates between full garbage
  /// collections.
  package static let collectionInterval = 64
  /// How many global contexts a shared group creates before it is retired
  /// (the next context starts a fresh group): the engine keeps the compiled
  /// form of every script it evaluated, payloads included, in a cache of its
  /// own per group, so a group is not kept for ever.
  package static let recycleInterval = 1_000

  /// Retires the calling thread's shared group, if it has one: the next
  /// shared context created on this thread gets a fresh group. Contexts
  /// still open in the old group keep working.
  package static func retireOnThisThread() {
    guard let pointer = pthread_getspecific(key) else { return }
    Unmanaged<ContextGroup>.fromOpaque(pointer).takeUnretainedValue().retire()
  }

  /// Identifies the calling thread's current shared group (a number that
  /// changes whenever the thread gets a fresh group), or nil when it has none
  /// or its group is retired.
  package static var serialOnThisThread: Int? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    let group = Unmanaged<ContextGroup>.fromOpaque(pointer).takeUnretainedValue()
    return group.isRetired ? nil : group.serial
  }

  /// The calling thread's shared group; a fresh one when it has none or its
  /// group was retired.
  static func current() -> ContextGroup {
    if let pointer = pthread_getspecific(key) {
      let group = Unmanaged<ContextGroup>.fromOpaque(pointer).takeUnretainedValue()
      if !group.isRetired { return group }
      pthread_setspecific(key, nil)
      Unmanaged<ContextGroup>.fromOpaque(pointer).release()
    }
    let group = ContextGroup(shared: true)
    pthread_setspecific(key, Unmanaged.passRetained(group).toOpaque())
    return group
  }

  /// The thread-local slot; its destructor releases a thread's group when
  /// the thread ends.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Glibc)
      pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<ContextGroup>.fromOpaque(pointer).release()
      }
    #else
      pthread_key_create(&key) { pointer in Unmanaged<ContextGroup>.fromOpaque(pointer).release() }
    #endif
    return key
  }()
}

/// A script whose text is parsed once per context group and then evaluated
/// in any context of the group without being parsed or copied again (the
/// page environment, a harness helper). Keep one instance per script for the
/// life of the program: the parsed form is cached by the instance.
package final class PreparedScript: Sendable {
  /// The script text.
  package let source: String
  /// The name errors and stacks report for this script.
  package let sourceURL: String

  /// Prepares `source`; nothing is parsed until a context evaluates it.
  package init(source: String, sourceURL: String) {
    self.source = source
    self.sourceURL = sourceURL
  }
}
