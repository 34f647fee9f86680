/// The lazily built DFA of one ``RegexMachine`` run: each distinct set of
/// NFA threads gets a number, and each step taken from a set (for one scalar
/// in one ``StepContext``) is remembered. The cache is emptied when it grows
/// past ``maximumTransitions`` or ``maximumStoredThreads``, so memory stays
/// bounded and the run falls back to plain NFA simulation speed.
struct RegexStateCache {
  /// The most remembered steps before the cache is emptied.
  static let maximumTransitions = 50_000
  /// The most threads stored across all states before the cache is emptied.
  static let maximumStoredThreads = 500_000
  /// The step reached the end of the program.
  static let matched = -1
  /// No thread is left (and none will start).
  static let dead = -2

  private var numbers: [[Int]: Int] = [:]
  private var states: [[Int]] = []
  private var storedThreads = 0
  private var transitions: [UInt64: Int] = [:]
  /// Counts the times the cache was emptied: state numbers from an earlier
  /// epoch mean nothing.
  private(set) var epoch = 0

  /// The number of the state with these threads (sorted instruction indexes).
  mutating func intern(_ seeds: [Int]) -> Int {
    if let known = numbers[seeds] { return known }
    if storedThreads + seeds.count > Self.maximumStoredThreads || transitions.count >= Self.maximumTransitions {
      // Numbers of earlier states become unknown: only the caller's current
      // state (re-interned just after) is used again.
      numbers.removeAll(keepingCapacity: true)
      states.removeAll(keepingCapacity: true)
      transitions.removeAll(keepingCapacity: true)
      storedThreads = 0
      epoch += 1
    }
    states.append(seeds)
    storedThreads += seeds.count
    numbers[seeds] = states.count - 1
    return states.count - 1
  }

  /// The threads of a state.
  func seeds(of state: Int) -> [Int] { states[state] }

  /// The state a remembered step leads to (or ``matched``, ``dead``).
  func transition(_ key: UInt64) -> Int? { transitions[key] }

  /// Remembers a step.
  mutating func record(_ key: UInt64, _ next: Int) {
    transitions[key] = next
  }

  /// A step's key: the state, the scalar (U+110000 for the end of the text)
  /// and the context bits.
  static func key(state: Int, scalar: Unicode.Scalar?, context: StepContext) -> UInt64 {
    var key = UInt64(state) << 24
    if context.isStart { key |= 1 << 23 }
    if context.previousIsWord { key |= 1 << 22 }
    if context.endOrBeforeFinalNewline { key |= 1 << 21 }
    return key | UInt64(scalar?.value ?? 0x11_0000)
  }
}
