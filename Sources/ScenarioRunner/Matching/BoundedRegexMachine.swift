/// Runs a ``RegexProgram`` over the Unicode scalars of a text by simulating
/// the NFA (a Pike VM without captures): all threads advance together, one
/// scalar at a time, and each instruction holds at most one thread per
/// position, so a run costs at most (scalars + 1) × instructions steps
/// whatever the pattern, and never backtracks.
struct RegexMachine {
  let program: RegexProgram

  /// Whether the program matches somewhere in `text` (anywhere when
  /// `searching`, else only at the start).
  func matches(_ text: String.UnicodeScalarView, searching: Bool) -> Bool {
    run(text, from: text.startIndex, previous: nil, searching: searching && !program.anchoredAtStart)
  }

  private func run(
    _ text: String.UnicodeScalarView, from startIndex: String.UnicodeScalarView.Index, previous before: Unicode.Scalar?,
    searching: Bool
  ) -> Bool {
    let instructions = program.instructions
    var visited = [Int](repeating: -1, count: instructions.count + 1)
    var queued = [Int](repeating: -1, count: instructions.count + 1)
    var lookaheadResults: [Int: Bool] = [:]
    var current: [Int] = [0]
    var next: [Int] = []
    var stack: [Int] = []
    var index = startIndex
    var previous = before
    var step = 0
    while true {
      let scalar: Unicode.Scalar? = index < text.endIndex ? text[index] : nil
      if searching && step > 0 { current.append(0) }
      next.removeAll(keepingCapacity: true)
      for seed in current {
        stack.append(seed)
        while let pc = stack.popLast() {
          guard visited[pc] != step else { continue }
          visited[pc] = step
          switch instructions[pc] {
          case .match:
            return true
          case .consume(let set):
            if let scalar, queued[pc + 1] != step, set.contains(scalar) {
              queued[pc + 1] = step
              next.append(pc + 1)
            }
          case .split(let first, let second):
            stack.append(second)
            stack.append(first)
          case .jump(let target):
            stack.append(target)
          case .assert(let assertion):
            if holds(assertion, in: text, at: index, previous: previous, isStart: index == text.startIndex) {
              stack.append(pc + 1)
            }
          case .lookahead(let which, let negated):
            let key = which
            let found: Bool
            if let known = lookaheadResults[key], index == text.startIndex {
              found = known
            } else {
              found = RegexMachine(program: program.lookaheads[which]).run(
                text, from: index, previous: previous, searching: false)
              if index == text.startIndex { lookaheadResults[key] = found }
            }
            if found != negated { stack.append(pc + 1) }
          }
        }
      }
      guard let scalar, searching || !next.isEmpty else { return false }
      swap(&current, &next)
      previous = scalar
      index = text.index(after: index)
      step += 1
    }
  }

  private func holds(
    _ assertion: RegexAssertion, in text: String.UnicodeScalarView, at index: String.UnicodeScalarView.Index,
    previous: Unicode.Scalar?, isStart: Bool
  ) -> Bool {
    switch assertion {
    case .start:
      return isStart
    case .end:
      return index == text.endIndex
    case .endOrBeforeFinalNewline:
      guard index < text.endIndex else { return true }
      let scalar = text[index]
      guard ScalarSet.isLineTerminator(scalar) else { return false }
      let after = text.index(after: index)
      if after == text.endIndex { return true }
      return scalar == "\r" && text[after] == "\n" && text.index(after: after) == text.endIndex
    case .wordBoundary, .notWordBoundary:
      let before = previous.map(ScalarSet.isWord) ?? false
      let after = index < text.endIndex ? ScalarSet.isWord(text[index]) : false
      return (before != after) == (assertion == .wordBoundary)
    }
  }
}
