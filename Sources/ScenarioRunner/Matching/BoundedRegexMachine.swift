/// Runs a ``RegexProgram`` over the Unicode scalars of a text by simulating
/// the NFA: all threads advance together, one scalar at a time, each
/// instruction holding at most one thread per position, so no input makes it
/// backtrack. A step costs at most the number of instructions; steps already
/// taken from the same set of threads in the same context are looked up in a
/// ``RegexStateCache`` (a lazily built DFA), so a long text usually costs one
/// dictionary lookup per scalar.
struct RegexMachine {
  let program: RegexProgram
  private let usesEndAssertion: Bool
  private let usesWordBoundary: Bool

  init(program: RegexProgram) {
    self.program = program
    var usesEnd = false
    var usesWord = false
    for case .assert(let assertion) in program.instructions {
      switch assertion {
      case .endOrBeforeFinalNewline: usesEnd = true
      case .wordBoundary, .notWordBoundary: usesWord = true
      case .start, .end: break
      }
    }
    usesEndAssertion = usesEnd
    usesWordBoundary = usesWord
  }

  /// Whether the program matches in `text`: starting anywhere when
  /// `searching`, else only at the start.
  func matches(_ text: String.UnicodeScalarView, searching requested: Bool) -> Bool {
    var cache = RegexStateCache()
    return matches(text, searching: requested, cache: &cache)
  }

  /// Whether the program matches in `text`, with the steps `cache` learned
  /// from earlier texts. A cache may be kept from one text to the next only
  /// for a program without lookaheads (their results depend on the text) and
  /// the same `searching`.
  func matches(_ text: String.UnicodeScalarView, searching requested: Bool, cache: inout RegexStateCache) -> Bool {
    let searching = requested && !program.anchoredAtStart
    var scratch = ClosureScratch(count: program.instructions.count)
    var lookaheadResults: [Int: Bool] = [:]
    var state = cache.intern([0])
    var index = text.startIndex
    var previous: Unicode.Scalar?
    while true {
      let scalar: Unicode.Scalar? = index < text.endIndex ? text[index] : nil
      let context = StepContext(
        isStart: index == text.startIndex,
        previousIsWord: usesWordBoundary && (previous.map(ScalarSet.isWord) ?? false),
        endOrBeforeFinalNewline: usesEndAssertion && Self.isEndOrBeforeFinalNewline(text, at: index))
      let key = RegexStateCache.key(state: state, scalar: scalar, context: context)
      var next = cache.transition(key)
      if next == nil {
        let outcome = step(
          cache.seeds(of: state), on: scalar, context: context, searching: searching, scratch: &scratch,
          lookahead: { which in
            if let known = lookaheadResults[which] { return known }
            let found = RegexMachine(program: program.lookaheads[which]).matches(text, searching: false)
            lookaheadResults[which] = found
            return found
          })
        let epoch = cache.epoch
        let resolved: Int
        switch outcome {
        case .matched: resolved = RegexStateCache.matched
        case .continuing(let seeds) where seeds.isEmpty: resolved = RegexStateCache.dead
        case .continuing(let seeds): resolved = cache.intern(seeds)
        }
        if cache.epoch == epoch { cache.record(key, resolved) }
        next = resolved
      }
      guard let scalar, let next, next != RegexStateCache.dead else { return next == RegexStateCache.matched }
      if next == RegexStateCache.matched { return true }
      state = next
      previous = scalar
      index = text.index(after: index)
    }
  }

  /// What one step from a set of threads leads to.
  private enum StepOutcome {
    case matched
    case continuing([Int])
  }

  /// Follows every thread of `seeds` through the zero-width instructions at
  /// this position and across `scalar`: the sorted seeds of the next
  /// position (with a new thread at the start of the program when searching).
  private func step(
    _ seeds: [Int], on scalar: Unicode.Scalar?, context: StepContext, searching: Bool,
    scratch: inout ClosureScratch, lookahead: (Int) -> Bool
  ) -> StepOutcome {
    let instructions = program.instructions
    scratch.generation += 1
    let generation = scratch.generation
    var next: [Int] = []
    var stack = seeds
    stack.reverse()
    while let pc = stack.popLast() {
      guard scratch.visited[pc] != generation else { continue }
      scratch.visited[pc] = generation
      switch instructions[pc] {
      case .match:
        return .matched
      case .consume(let set):
        if let scalar, scratch.queued[pc + 1] != generation, set.contains(scalar) {
          scratch.queued[pc + 1] = generation
          next.append(pc + 1)
        }
      case .split(let first, let second):
        stack.append(second)
        stack.append(first)
      case .jump(let target):
        stack.append(target)
      case .assert(let assertion):
        if holds(assertion, scalar: scalar, context: context) { stack.append(pc + 1) }
      case .lookahead(let which, let negated):
        if lookahead(which) != negated { stack.append(pc + 1) }
      }
    }
    if searching && scalar != nil && scratch.queued[0] != generation { next.append(0) }
    next.sort()
    return .continuing(next)
  }

  private func holds(_ assertion: RegexAssertion, scalar: Unicode.Scalar?, context: StepContext) -> Bool {
    switch assertion {
    case .start: return context.isStart
    case .end: return scalar == nil
    case .endOrBeforeFinalNewline: return context.endOrBeforeFinalNewline
    case .wordBoundary, .notWordBoundary:
      let after = scalar.map(ScalarSet.isWord) ?? false
      return (context.previousIsWord != after) == (assertion == .wordBoundary)
    }
  }

  /// `$`: at the end, or before one final line terminator (`\r\n` counts as one).
  private static func isEndOrBeforeFinalNewline(
    _ text: String.UnicodeScalarView, at index: String.UnicodeScalarView.Index
  )
    -> Bool
  {
    guard index < text.endIndex else { return true }
    let scalar = text[index]
    guard ScalarSet.isLineTerminator(scalar) else { return false }
    let after = text.index(after: index)
    if after == text.endIndex { return true }
    return scalar == "\r" && text[after] == "\n" && text.index(after: after) == text.endIndex
  }
}

/// What the zero-width assertions can see at a position, besides the scalar there.
struct StepContext {
  var isStart: Bool
  var previousIsWord: Bool
  var endOrBeforeFinalNewline: Bool
}

/// Per-run marks that keep each instruction to one thread per position.
private struct ClosureScratch {
  var visited: [Int]
  var queued: [Int]
  var generation = 0

  init(count: Int) {
    visited = [Int](repeating: 0, count: count + 1)
    queued = [Int](repeating: 0, count: count + 1)
  }
}
