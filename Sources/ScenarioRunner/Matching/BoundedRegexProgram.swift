/// The compiled form of a pattern: instructions for ``RegexMachine`` (a
/// Thompson NFA, one instruction per state).
struct RegexProgram: Sendable {
  /// One instruction.
  enum Instruction: Sendable {
    /// Consume one scalar of the set, then go on with the next instruction.
    case consume(ScalarSet)
    /// Go on with both instructions.
    case split(Int, Int)
    /// Go on with the instruction.
    case jump(Int)
    /// Go on with the next instruction if the assertion holds here.
    case assert(RegexAssertion)
    /// Go on with the next instruction if the lookahead program matches a
    /// prefix of the rest of the input (or does not, when negated).
    case lookahead(Int, negated: Bool)
    /// The pattern matched.
    case match
  }

  var instructions: [Instruction] = []
  /// The bodies of `^(?=…)` and `^(?!…)`.
  var lookaheads: [RegexProgram] = []
  /// Whether every match starts at the start of the input (every
  /// alternative begins with `^`), so the search can stop at the first
  /// position where no thread is left.
  var anchoredAtStart = false

  /// Compiles a parsed pattern.
  init(_ node: RegexNode) {
    emit(node)
    instructions.append(.match)
    anchoredAtStart = Self.isAnchoredAtStart(node)
  }

  /// The number of instructions `node` compiles to, counting lookahead
  /// bodies, saturating just above `limit`.
  static func size(of node: RegexNode, limit: Int) -> Int {
    func capped(_ value: Int) -> Int { min(value, limit + 1) }
    switch node {
    case .empty: return 0
    case .scalar, .assertion: return 1
    case .sequence(let parts): return capped(parts.reduce(0) { capped($0 + size(of: $1, limit: limit)) })
    case .alternation(let parts):
      return capped(parts.reduce(2 * (parts.count - 1)) { capped($0 + size(of: $1, limit: limit)) })
    case .repetition(let body, let minimum, let maximum):
      let one = size(of: body, limit: limit)
      let copies = maximum ?? max(minimum, 1)
      let (total, overflow) = one.multipliedReportingOverflow(by: copies)
      return overflow ? limit + 1 : capped(total + (maximum.map { $0 - minimum } ?? 2))
    case .startLookahead(let body, _): return capped(2 + size(of: body, limit: limit))
    }
  }

  private static func isAnchoredAtStart(_ node: RegexNode) -> Bool {
    switch node {
    case .assertion(.start): return true
    case .sequence(let parts): return parts.first.map(isAnchoredAtStart) ?? false
    case .alternation(let parts): return parts.allSatisfy(isAnchoredAtStart)
    default: return false
    }
  }

  // MARK: Emitting

  private mutating func emit(_ node: RegexNode) {
    switch node {
    case .empty: break
    case .scalar(let set): instructions.append(.consume(set))
    case .assertion(let assertion): instructions.append(.assert(assertion))
    case .sequence(let parts): parts.forEach { emit($0) }
    case .alternation(let parts): emitAlternation(parts)
    case .repetition(let body, let minimum, let maximum): emitRepetition(body, minimum: minimum, maximum: maximum)
    case .startLookahead(let body, let negated):
      lookaheads.append(RegexProgram(body))
      instructions.append(.lookahead(lookaheads.count - 1, negated: negated))
    }
  }

  private mutating func emitAlternation(_ parts: [RegexNode]) {
    var jumpsToEnd: [Int] = []
    for (index, part) in parts.enumerated() {
      if index < parts.count - 1 {
        let split = instructions.count
        instructions.append(.split(split + 1, -1))
        emit(part)
        jumpsToEnd.append(instructions.count)
        instructions.append(.jump(-1))
        instructions[split] = .split(split + 1, instructions.count)
      } else {
        emit(part)
      }
    }
    for jump in jumpsToEnd { instructions[jump] = .jump(instructions.count) }
  }

  private mutating func emitRepetition(_ body: RegexNode, minimum: Int, maximum: Int?) {
    guard let maximum else {
      if minimum == 0 {  // L: split body, out; body; jump L
        let loop = instructions.count
        instructions.append(.split(loop + 1, -1))
        emit(body)
        instructions.append(.jump(loop))
        instructions[loop] = .split(loop + 1, instructions.count)
      } else {  // body × (minimum - 1); L: body; split L, out
        for _ in 0..<(minimum - 1) { emit(body) }
        let loop = instructions.count
        emit(body)
        instructions.append(.split(loop, instructions.count + 1))
      }
      return
    }
    for _ in 0..<minimum { emit(body) }
    var optionalSplits: [Int] = []
    for _ in minimum..<maximum {  // split body, out; body
      optionalSplits.append(instructions.count)
      instructions.append(.split(instructions.count + 1, -1))
      emit(body)
    }
    for split in optionalSplits { instructions[split] = .split(split + 1, instructions.count) }
  }
}
