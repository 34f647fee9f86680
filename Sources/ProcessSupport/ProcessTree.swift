import CProcessControl
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processes below this one, found in `/proc`, and the means to end
/// them all however they detached.
///
/// A process that calls ``becomeSubreaper()`` (the `bridgecheck run`
/// supervisor and its workers) inherits every orphan among its descendants:
/// an adapter's child that called `setsid`, a double-forked daemon, the
/// children of a worker that was killed. ``endOrphans()`` then kills every
/// child of this process that ``ChildProcessRegistry`` does not list, again
/// and again until none is left, so no descendant outlives the adapter (or
/// worker) that started it.
package enum ProcessTree {
  private static let subreaper = Atomic<Bool>(false)
  private static let sparesOwnGroup = Atomic<Bool>(false)

  /// Spares, from ``endOrphans()``, every child in this process's own
  /// process group: a library of this process starts its helpers there (the
  /// real engine: WebKit's web and network processes are children of
  /// `bridgecheck`), while every adapter starts in a group of its own
  /// (``ChildProcess``), and so do its descendants unless one joins this
  /// group on purpose. Called when a run uses the real engine.
  package static func spareOwnProcessGroup() {
    sparesOwnGroup.store(true, ordering: .relaxed)
  }

  /// Whether this process is the subreaper of its descendants.
  package static var isSubreaper: Bool { subreaper.load(ordering: .relaxed) }

  /// Makes this process the subreaper of its descendants (Linux); returns
  /// whether the system agreed. Call it once, before starting children.
  @discardableResult
  package static func becomeSubreaper() -> Bool {
    let agreed = bridgecheck_become_subreaper() == 0
    if agreed { subreaper.store(true, ordering: .relaxed) }
    return agreed
  }

  /// Asks the kernel to kill this process when its parent dies (Linux), so
  /// a worker never outlives a supervisor that was killed with SIGKILL.
  package static func dieWithParent() {
    _ = bridgecheck_die_with_parent(SIGKILL)
    // The parent may have died before the call: then this process already
    // belongs to another and must end now.
    if getppid() == 1 { _exit(137) }
  }

  /// The parent of every process the system lists, from `/proc/PID/stat`
  /// (empty where there is no `/proc`).
  package static func parents() -> [pid_t: pid_t] {
    var parents: [pid_t: pid_t] = [:]
    for pid in numberedEntries(of: "/proc") ?? [] {
      guard let parent = parent(of: pid) else { continue }
      parents[pid] = parent
    }
    return parents
  }

  /// The entries of a `/proc` folder named by a number (processes, or a
  /// process's threads); nil when the folder cannot be read.
  private static func numberedEntries(of path: String) -> [pid_t]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var numbers: [pid_t] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if let number = pid_t(name) { numbers.append(number) }
    }
    return numbers
  }

  /// The parent of `pid`, or nil when it is gone.
  package static func parent(of pid: pid_t) -> pid_t? {
    guard let stat = ProcFile.contents(of: "/proc/\(pid)/stat") else { return nil }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "), maxSplits: 3)
    guard fields.count >= 2 else { return nil }
    return pid_t(String(decoding: fields[1], as: UTF8.self))
  }

  /// The children of this process now, from the `children` file of each
  /// of its threads in `/proc/self/task` (a reparented orphan belongs to one
  /// of them); nil where the kernel has no such files, and the caller must
  /// look through every process instead (``parents()``, a file a process:
  /// a hundred times more reading on a machine with a hundred processes).
  package static func children() -> [pid_t]? {
    guard hasChildrenFiles, let threads = numberedEntries(of: "/proc/self/task") else { return nil }
    var children: [pid_t] = []
    for thread in threads {
      // A thread that ended meanwhile has no file left, and no children.
      guard let list = ProcFile.contents(of: "/proc/self/task/\(thread)/children") else { continue }
      children += list.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
        .compactMap { pid_t(String(decoding: $0, as: UTF8.self)) }
    }
    return children
  }

  /// Whether this kernel lists each thread's children (`CONFIG_PROC_CHILDREN`).
  private static let hasChildrenFiles = access("/proc/self/task/\(getpid())/children", R_OK) == 0

  /// `root` and every process below it now: from the `children` files of
  /// each process's threads where the kernel has them (a few files a
  /// process of the tree), else from every process's parent.
  package static func tree(of root: pid_t) -> [pid_t] {
    if hasChildrenFiles {
      var tree: [pid_t] = []
      var pending = [root]
      while let pid = pending.popLast(), tree.count < 100_000 {
        tree.append(pid)
        for thread in numberedEntries(of: "/proc/\(pid)/task") ?? [] {
          guard let list = ProcFile.contents(of: "/proc/\(pid)/task/\(thread)/children") else { continue }
          pending += list.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
            .compactMap { pid_t(String(decoding: $0, as: UTF8.self)) }
        }
      }
      return tree
    }
    let parents = parents()
    var children: [pid_t: [pid_t]] = [:]
    for (pid, parent) in parents { children[parent, default: []].append(pid) }
    var tree: [pid_t] = []
    var pending = [root]
    while let pid = pending.popLast(), tree.count < 100_000 {
      tree.append(pid)
      pending.append(contentsOf: children[pid] ?? [])
    }
    return tree
  }

  /// Resident memory of `root` and every process below it, in bytes.
  package static func residentBytes(ofTree root: pid_t) -> Int {
    tree(of: root).reduce(0) { $0 + (residentBytes(of: $1) ?? 0) }
  }

  /// Resident memory of one process, in bytes (`/proc/PID/statm`).
  package static func residentBytes(of pid: pid_t) -> Int? {
    guard let statm = ProcFile.contents(of: "/proc/\(pid)/statm") else { return nil }
    let fields = statm.split(separator: UInt8(ascii: " "))
    guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
    return pages * pageSize
  }

  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// Kills every child of this process that ``ChildProcessRegistry`` does not
  /// list (orphans that were reparented here, and what they leave in turn),
  /// and reaps them; returns how many it ended. Does nothing unless this
  /// process is a subreaper: elsewhere (a test process) children of other
  /// kinds may be alive.
  @discardableResult
  package static func endOrphans() -> Int {
    guard isSubreaper else { return 0 }
    var ended = 0
    // Each round kills the orphans there are; their own children are then
    // reparented here and die in the next round. A fork bomb cannot keep
    // this going for ever: the rounds are bounded.
    for _ in 0..<200 {
      let orphans = ChildProcess.withSpawnLock { () -> [pid_t] in
        let me = getpid()
        let registered = ChildProcessRegistry.pids
        let ownGroup = sparesOwnGroup.load(ordering: .relaxed) ? getpgrp() : -1
        let children = Self.children() ?? parents().filter { $0.value == me }.map(\.key)
        let orphans = children.filter { !registered.contains($0) && getpgid($0) != ownGroup }
        for pid in orphans {
          _ = kill(-pid, SIGKILL)
          _ = kill(pid, SIGKILL)
        }
        return orphans
      }
      guard !orphans.isEmpty else { break }
      for pid in orphans {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      }
      ended += orphans.count
    }
    return ended
  }
}

/// Reads small files of `/proc` whole, without Foundation.
package enum ProcFile {
  package static func contents(of path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes.append(contentsOf: buffer[0..<count])
      if bytes.count > 1 << 20 { break }
    }
    return bytes
  }
}
