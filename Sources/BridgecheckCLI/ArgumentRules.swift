import ArgumentParser

/// The rules of option values that are more than a number, stated when a
/// value breaks them (ArgumentParser prints `The value 'X' is invalid for
/// '--opt <v>': ` and then the rule).
struct ArgumentRule: Error, CustomStringConvertible {
  var description: String
}

extension Shard {
  /// `--shard K/N`, or the rule it breaks.
  static func parse(_ text: String) throws -> Shard {
    if let shard = Shard(argument: text) { return shard }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) {
      if count < 1 { throw ArgumentRule(description: "N is the number of shards, at least 1 (e.g. 2/4: shard 2 of 4)") }
      if index > count {
        throw ArgumentRule(description: "shard \(index) of \(count) does not exist: K goes from 1 to N (e.g. 2/4)")
      }
      throw ArgumentRule(description: "K counts from 1 (the first shard is 1/\(count))")
    }
    throw ArgumentRule(description: "give K/N, two whole numbers with 1 <= K <= N: shard K of N, e.g. 2/4")
  }
}

extension MemorySize {
  /// `--memory-limit SIZE`, or the rule it breaks.
  static func parse(_ text: String) throws -> MemorySize {
    if let size = MemorySize(argument: text) { return size }
    throw ArgumentRule(
      description: "give a size of at least 64M, e.g. 2G, 1.5G or 512M (units K, M, G; a plain number is megabytes)")
  }
}

/// `--seed N`.
enum SeedArgument {
  /// A seed, or the rule it breaks.
  static func parse(_ text: String) throws -> UInt64 {
    if let seed = UInt64(text) { return seed }
    throw ArgumentRule(description: "a seed is a whole number from 0 to \(UInt64.max)")
  }
}
