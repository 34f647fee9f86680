import BridgeImplementations
import ProcessSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many worker processes a supervised run starts and how much resident
/// memory they may use in all (`--jobs`, `--memory-limit`), chosen so that
/// the defaults hold on any machine from 2 to 128 cores:
///
/// - every worker gets at least ``WorkerKind/floor`` (a worker of the
///   simulated page is about 45 MB before its first scenario, and about
///   100 MB while a megabyte payload crosses; the real engine adds a web
///   process and a network process);
/// - by default the total scales with the workers (``WorkerKind/defaultShare``
///   each, never less than ``WorkerKind/minimumTotal``), up to three
///   quarters of the machine's memory (the smaller of its RAM and its
///   control group's limit), so that the limit still protects the machine;
/// - by default there is one worker per core, and fewer when that total
///   cannot give each one its floor;
/// - an explicit configuration that cannot give each worker its floor is
///   refused before anything runs (``WorkerBudgetError``: the arithmetic and
///   the fix).
package struct WorkerBudget: Sendable, Hashable {
  /// Worker processes.
  package let jobs: Int
  /// The most resident memory of all the workers' processes, in bytes.
  package let memoryLimit: Int

  /// Each worker's share of ``memoryLimit``.
  package var share: Int { memoryLimit / jobs }

  /// What each worker of a kind needs and gets.
  package struct WorkerKind: Sendable, Hashable {
    /// The least memory a worker may be given: below it, ordinary scenarios
    /// of a correct pair would pass it.
    package var floor: Int
    /// A worker's share when the total is not given.
    package var defaultShare: Int
    /// The least default total (what a run had before the total scaled).
    package var minimumTotal: Int
    /// What the workers run, for messages ("a worker of the simulated page").
    package var name: String

    /// Creates a kind.
    package init(floor: Int, defaultShare: Int, minimumTotal: Int, name: String) {
      self.floor = floor
      self.defaultShare = defaultShare
      self.minimumTotal = minimumTotal
      self.name = name
    }

    /// `bridgecheck run` in the simulated page (default total 2 GB).
    package static let simulated = WorkerKind(
      floor: 256 << 20, defaultShare: 512 << 20, minimumTotal: 2 << 30, name: "a worker of the simulated page")
    /// `bridgecheck mutants` (default total 1 GB: its scenarios are the
    /// suite's own, with the reference bridges or their mutants).
    package static let mutants = WorkerKind(
      floor: 256 << 20, defaultShare: 512 << 20, minimumTotal: 1 << 30, name: "a worker of the mutation matrix")
    /// `bridgecheck run --engine webkitgtk` and `fidelity`: a worker holds
    /// GTK and a web view (about 180 MB), and below it a web process (about
    /// 200 MB with a page loaded) and a network process (about 60 MB).
    package static let webKit = WorkerKind(
      floor: 768 << 20, defaultShare: 1 << 30, minimumTotal: 2 << 30,
      name: "a worker of the real engine (with its web and network processes)")
  }

  /// Chooses the budget. `jobs` and `memoryLimit` are what was given (nil
  /// for the defaults); `cores` the CPUs this process may use;
  /// `machineMemory` the memory of the machine (nil when unknown: the
  /// default total is then not capped).
  package static func resolve(
    jobs: Int?, memoryLimit: Int?, kind: WorkerKind, cores: Int, machineMemory: Int?
  ) throws(WorkerBudgetError) -> WorkerBudget {
    let cores = max(1, cores)
    let cap = machineMemory.map { $0 / 4 * 3 }
    /// The default total for `count` workers.
    func defaultTotal(for count: Int) -> Int {
      let scaled = max(kind.minimumTotal, count.multipliedReportingOverflow(by: kind.defaultShare).partialValue)
      guard let cap else { return scaled }
      return min(scaled, max(cap, kind.minimumTotal))
    }
    switch (jobs, memoryLimit) {
    case (nil, nil):
      let total = defaultTotal(for: cores)
      return WorkerBudget(jobs: max(1, min(cores, total / kind.floor)), memoryLimit: total)
    case (nil, let limit?):
      guard limit >= kind.floor else {
        throw WorkerBudgetError(
          "--memory-limit \(megabytes(limit)) is less than the \(megabytes(kind.floor)) \(kind.name) needs",
          fix: "give --memory-limit \(option(kind.floor)) or more")
      }
      return WorkerBudget(jobs: max(1, min(cores, limit / kind.floor)), memoryLimit: limit)
    case (let jobs?, nil):
      let total = defaultTotal(for: jobs)
      guard total / jobs >= kind.floor else {
        let fitting = max(1, total / kind.floor)
        let machine = machineMemory.map { " (three quarters of this machine's \(megabytes($0)))" } ?? ""
        throw WorkerBudgetError(
          "--jobs \(jobs) would give each worker \(megabytes(total / jobs)) of the \(megabytes(total)) the run may use"
            + "\(machine), less than the \(megabytes(kind.floor)) \(kind.name) needs "
            + "(\(jobs) × \(megabytes(kind.floor)) = \(megabytes(jobs * kind.floor)))",
          fix: "give --jobs \(fitting) or fewer, or --memory-limit \(option(jobs * kind.floor)) or more "
            + "if the machine can take it")
      }
      return WorkerBudget(jobs: jobs, memoryLimit: total)
    case (let jobs?, let limit?):
      guard limit / jobs >= kind.floor else {
        let fitting = max(1, limit / kind.floor)
        throw WorkerBudgetError(
          "--memory-limit \(megabytes(limit)) shared by --jobs \(jobs) gives each worker \(megabytes(limit / jobs)), "
            + "less than the \(megabytes(kind.floor)) \(kind.name) needs "
            + "(\(jobs) × \(megabytes(kind.floor)) = \(megabytes(jobs * kind.floor)))",
          fix: "give --memory-limit \(option(jobs * kind.floor)) or more, or --jobs \(fitting) or fewer")
      }
      return WorkerBudget(jobs: jobs, memoryLimit: limit)
    }
  }

  /// `512M`, `2G`: a size as `--memory-limit` takes it (rounded up to a megabyte).
  static func option(_ bytes: Int) -> String {
    bytes % (1 << 30) == 0 ? "\(bytes >> 30)G" : "\((bytes + (1 << 20) - 1) >> 20)M"
  }

  /// `512 MB`, `2 GB`, `1.5 GB`: a size as messages print it.
  static func megabytes(_ bytes: Int) -> String {
    if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GB" }
    if bytes >= 1 << 30 && bytes % (1 << 29) == 0 { return "\(bytes >> 30).5 GB" }
    return "\(bytes >> 20) MB"
  }
}

/// A `--jobs` and `--memory-limit` that cannot work together, with the
/// arithmetic and what to give instead.
package struct WorkerBudgetError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, with the arithmetic.
  package var problem: String
  /// What to give instead.
  package var fix: String

  init(_ problem: String, fix: String) {
    self.problem = problem
    self.fix = fix
  }

  package var description: String { problem + "\n  hint: " + fix }
}

/// The memory of the machine bridgecheck runs on, as far as it may use it.
package enum MachineMemory {
  /// The environment variable that states it (e.g. `16G`), for a machine
  /// whose limit bridgecheck cannot read, and for tests.
  package static let environmentKey = "BRIDGECHECK_MACHINE_MEMORY"

  /// The smaller of the machine's RAM (`MemTotal` of `/proc/meminfo`) and
  /// the memory limit of this process's control group (v2 `memory.max`, v1
  /// `memory.limit_in_bytes`), in bytes; ``environmentKey`` when set; nil
  /// when none can be read.
  package static var bytes: Int? {
    if let text = getenv(environmentKey).map({ String(cString: $0) }), let stated = parse(text) { return stated }
    let ram = ProcFile.contents(of: "/proc/meminfo").flatMap(memTotal)
    let limits = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"].compactMap { path in
      ProcFile.contents(of: path).flatMap { Int(String(decoding: $0, as: UTF8.self).trimmingWhitespace) }
    }
    let all = [ram].compactMap { $0 } + limits.filter { $0 > 0 && $0 < 1 << 60 }
    return all.min()
  }

  /// `MemTotal: 24600000 kB` → bytes.
  static func memTotal(_ meminfo: [UInt8]) -> Int? {
    // Lines as bytes: split into characters, the file cost about 0.6 M
    // instructions a read.
    let prefix = Array("MemTotal:".utf8)
    guard let line = meminfo.split(separator: UInt8(ascii: "\n")).first(where: { $0.starts(with: prefix) })
    else { return nil }
    let kilobytes = String(decoding: line, as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) }
    return kilobytes.map { $0 * 1024 }
  }

  /// `16G`, `512M`, `2048` (megabytes) → bytes.
  static func parse(_ text: String) -> Int? {
    var text = text.trimmingWhitespace.uppercased()
    var unit = 1 << 20
    if let last = text.last, let scale = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30][String(last)] {
      unit = scale
      text.removeLast()
    }
    guard let value = Double(text), value > 0 else { return nil }
    return Int(value * Double(unit))
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    String(
      drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" }).reversed().drop(while: {
        $0 == " " || $0 == "\n" || $0 == "\t"
      }).reversed())
  }
}
