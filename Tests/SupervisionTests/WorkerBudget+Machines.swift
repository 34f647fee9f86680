import Testing

@testable import Supervision

/// The defaults of `--jobs` and `--memory-limit` hold on machines from 2 to
/// 128 cores, and an explicit pair that cannot give every worker its floor
/// is refused with the arithmetic.
@Suite("Worker budget")
struct WorkerBudgetTests {
  static let gigabyte = 1 << 30
  static let megabyte = 1 << 20

  @Test func twoCoresKeepTheDefaultsOfBefore() throws {
    let run = try WorkerBudget.resolve(
      jobs: nil, memoryLimit: nil, kind: .simulated, cores: 2, machineMemory: 24 * Self.gigabyte)
    #expect(run == WorkerBudget(jobs: 2, memoryLimit: 2 * Self.gigabyte))
    let mutants = try WorkerBudget.resolve(
      jobs: nil, memoryLimit: nil, kind: .mutants, cores: 2, machineMemory: 24 * Self.gigabyte)
    #expect(mutants == WorkerBudget(jobs: 2, memoryLimit: Self.gigabyte))
    // One worker asked for: the whole default total, as before.
    let one = try WorkerBudget.resolve(
      jobs: 1, memoryLimit: nil, kind: .simulated, cores: 2, machineMemory: 24 * Self.gigabyte)
    #expect(one == WorkerBudget(jobs: 1, memoryLimit: 2 * Self.gigabyte))
  }

  /// Every default from 2 to 128 cores gives each worker at least its
  /// floor and keeps the total within three quarters of the machine.
  @Test(arguments: [2, 4, 8, 16, 32, 48, 64, 96, 128], [4, 16, 64, 256])
  func defaultsHoldOnEveryMachine(cores: Int, gigabytes: Int) throws {
    for kind in [WorkerBudget.WorkerKind.simulated, .mutants] {
      let machine = gigabytes * Self.gigabyte
      let budget = try WorkerBudget.resolve(
        jobs: nil, memoryLimit: nil, kind: kind, cores: cores, machineMemory: machine)
      #expect(budget.jobs >= 1 && budget.jobs <= cores)
      #expect(budget.share >= kind.floor, "\(cores) cores, \(gigabytes) GB: \(budget)")
      #expect(
        budget.memoryLimit <= max(machine / 4 * 3, kind.minimumTotal), "\(cores) cores, \(gigabytes) GB: \(budget)")
    }
  }

  @Test func memoryBoundsTheDefaultJobs() throws {
    // 128 cores and 16 GB: 12 GB for the run, 256 MB a worker at least.
    let budget = try WorkerBudget.resolve(
      jobs: nil, memoryLimit: nil, kind: .simulated, cores: 128, machineMemory: 16 * Self.gigabyte)
    #expect(budget == WorkerBudget(jobs: 48, memoryLimit: 12 * Self.gigabyte))
    // An explicit total with the default jobs: as many workers as it gives 256 MB, at most one per core.
    let given = try WorkerBudget.resolve(
      jobs: nil, memoryLimit: 300 * Self.megabyte, kind: .simulated, cores: 2, machineMemory: nil)
    #expect(given.jobs == 1)
  }

  @Test func explicitJobsGetATotalThatScales() throws {
    let budget = try WorkerBudget.resolve(
      jobs: 64, memoryLimit: nil, kind: .simulated, cores: 2, machineMemory: 24 * Self.gigabyte)
    #expect(budget.jobs == 64)
    #expect(budget.memoryLimit == 18 * Self.gigabyte)
    #expect(budget.share >= WorkerBudget.WorkerKind.simulated.floor)
    // Without a machine figure, 512 MB a worker.
    let unknown = try WorkerBudget.resolve(jobs: 48, memoryLimit: nil, kind: .mutants, cores: 2, machineMemory: nil)
    #expect(unknown.memoryLimit == 24 * Self.gigabyte)
  }

  @Test func anImpossiblePairIsRefusedWithTheArithmeticAndTheFix() throws {
    let both = #expect(throws: WorkerBudgetError.self) {
      try WorkerBudget.resolve(
        jobs: 8, memoryLimit: Self.gigabyte, kind: .simulated, cores: 2, machineMemory: 24 * Self.gigabyte)
    }
    #expect(
      both?.problem.contains("--memory-limit 1 GB shared by --jobs 8 gives each worker 128 MB") == true, "\(both!)")
    #expect(both?.problem.contains("8 × 256 MB = 2 GB") == true, "\(both!)")
    #expect(both?.fix == "give --memory-limit 2G or more, or --jobs 4 or fewer")

    let small = #expect(throws: WorkerBudgetError.self) {
      try WorkerBudget.resolve(jobs: 64, memoryLimit: nil, kind: .simulated, cores: 2, machineMemory: 4 * Self.gigabyte)
    }
    #expect(small?.problem.contains("three quarters of this machine's 4 GB") == true, "\(small!)")
    #expect(small?.fix.hasPrefix("give --jobs 12 or fewer, or --memory-limit 16G or more") == true, "\(small!)")

    let tiny = #expect(throws: WorkerBudgetError.self) {
      try WorkerBudget.resolve(
        jobs: nil, memoryLimit: 128 * Self.megabyte, kind: .simulated, cores: 2, machineMemory: nil)
    }
    #expect(tiny?.fix == "give --memory-limit 256M or more")
  }

  @Test func machineMemoryIsReadAndCanBeStated() {
    #expect(MachineMemory.parse("16G") == 16 * Self.gigabyte)
    #expect(MachineMemory.parse("512M") == 512 * Self.megabyte)
    #expect(MachineMemory.parse("nonsense") == nil)
    #expect(MachineMemory.memTotal(Array("MemTotal:       24576000 kB\nMemFree: 1 kB\n".utf8)) == 24_576_000 * 1024)
  }
}
