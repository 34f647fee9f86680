#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// When the engine's allocator hands freed memory back to the system.
///
/// JavaScriptCore's allocator (libpas) runs a background scavenger that
/// decommits free pages every 100 ms; a process that makes page after page
/// commits them again at once (a `madvise` and a page fault per page of
/// memory). Measured on the default gate (`bridgecheck run --jobs 2`, release
/// build, 2 cores, `perf stat` and `strace -c`): 9,700 `madvise` calls and
/// 123,000 page faults with the scavenger, 16 and 68,000 without. So a
/// process that runs simulated pages keeps its freed memory for reuse, and
/// returns it to the system at moments of its own choosing:
/// when a thread's shared context group is destroyed (every
/// ``SharedContextGroup/recycleInterval`` pages, and after any page that
/// passed a limit or ended in an error), and after a group's periodic full
/// collection when the process holds more than ``largeResidentBytes``.
///
/// The engine exports both switches (`WTF::fastDisableScavenger()` and
/// `bmalloc::api::scavenge()`) without declaring them in an installed
/// header: they are looked up at run time, and where they are absent
/// (another build of the engine) nothing changes.
enum EngineMemory {
  /// Stops the background scavenger; once per process, before the first
  /// virtual machine exists (see `ScriptContext`).
  static func keepFreedMemory() {
    guard let disable = function(named: "_ZN3WTF20fastDisableScavengerEv") else { return }
    disable()
  }

  /// Hands the engine's free memory back to the system now (a no-op where
  /// the engine lacks the entry point).
  static func returnFreedMemory() {
    guard let scavenge = function(named: "_ZN7bmalloc3api8scavengeEv") else { return }
    scavenge()
  }

  /// Above this resident size, the full collection a shared group makes
  /// every ``SharedContextGroup/collectionInterval`` pages is followed by
  /// ``returnFreedMemory()``: a page that used hundreds of megabytes does
  /// not leave them to the pages after it (a worker runs at 120-160 MiB).
  static let largeResidentBytes = 384 << 20

  /// ``returnFreedMemory()`` when the process's resident memory is over
  /// ``largeResidentBytes`` (one read of `/proc/self/statm`).
  static func returnFreedMemoryIfLarge() {
    guard let resident = residentBytes(), resident > largeResidentBytes else { return }
    returnFreedMemory()
  }

  /// The process's resident memory, from `/proc/self/statm` (nil elsewhere).
  static func residentBytes() -> Int? {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = (0..<64).map { _ in UInt8(0) }
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let fields = bytes[0..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Whether the engine exports both entry points.
  static var entryPointsFound: Bool {
    function(named: "_ZN3WTF20fastDisableScavengerEv") != nil && function(named: "_ZN7bmalloc3api8scavengeEv") != nil
  }

  private typealias Function = @convention(c) () -> Void

  /// A function of no arguments exported by a library of the process.
  private static func function(named name: String) -> Function? {
    guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, name) else { return nil }
    return unsafeBitCast(symbol, to: Function.self)
  }
}
