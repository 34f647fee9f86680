import CProcessControl

/// How the process's allocator treats the megabyte buffers that large
/// payloads pass through (a script's text, its UTF-16 copy, a JSON
/// serialization, an escaped literal).
///
/// By default glibc gives each such buffer pages of its own from the kernel
/// and returns them when it is freed, so every megabyte that crosses
/// between Swift and the engine is page-faulted in again (measured: a fifth
/// to a quarter of the CPU time of a 1 MB scenario). Here buffers below
/// 32 MiB come from the heap, and up to 64 MiB of freed heap is kept for
/// the next ones instead of being returned at once: what a process keeps is
/// bounded by that, and larger buffers (a hostile page's 200 MB string)
/// still go back to the kernel when freed.
package enum LargeValueMemory {
  /// Buffers at least this large get pages of their own (returned when freed).
  package static let ownPagesThreshold: Int32 = 32 << 20
  /// The most freed memory at the top of the heap that is kept for reuse.
  package static let keptFreeMemory: Int32 = 64 << 20

  /// Applies the settings to this process (idempotent; false, and nothing
  /// changed, with a C library other than glibc). Call it early, before
  /// large values are allocated.
  @discardableResult
  package static func keepFreedBuffersForReuse() -> Bool {
    bridgecheck_tune_allocator(ownPagesThreshold, keptFreeMemory) == 0
  }
}
