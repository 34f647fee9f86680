import BridgeImplementations
import ProcessSupport

/// How a run was set up, as far as its reports need to say it again: what
/// `bridgecheck merge` compares across the shards of one run (the bridges,
/// the profile, the fixture set, the options that shape results), and the
/// command line that runs one of its scenarios again (``reproduceCommand(for:)``).
package struct RunContext: Sendable, Hashable {
  /// The `bridgecheck run` command line that selects the bridges, the
  /// fixture paths and the options that shape results (`--js`, `--profile`,
  /// `--native`, `--engine`, `--seed`, `--replay`, `--schedules single`, the
  /// adapter time limits),
  /// shell-quoted; not the filters, the shard, the exploration or the
  /// output options. ``reproduceCommand(for:)`` adds to it.
  package var command: String
  /// The profile the page bridge spoke.
  package var profile: String
  /// Where pages ran: `simulated` or `webkitgtk`.
  package var engine: String
  /// `--explore N` and `--explore-time SECONDS`, when the run explored.
  package var explore: ExploreSetting?
  /// `--shard K/N`, when the run was one shard of a larger one.
  package var shard: ShardPosition?
  /// How many shard reports `bridgecheck merge` combined into this one.
  package var mergedShards: Int?
  /// The fixtures the run selected (before sharding).
  package var fixtures: FixtureSet
  /// The expectations file the run was judged against, if any.
  package var expectations: ExpectationsSource?
  /// Where the page bridge's profile came from, when bridgecheck inferred it
  /// or could not, and whether it plainly does not fit (``DialectNote``).
  package var dialect: DialectNote?

  /// Creates a context.
  package init(
    command: String, profile: String, engine: String, explore: ExploreSetting? = nil, shard: ShardPosition? = nil,
    mergedShards: Int? = nil, fixtures: FixtureSet, expectations: ExpectationsSource? = nil
  ) {
    self.command = command
    self.profile = profile
    self.engine = engine
    self.explore = explore
    self.shard = shard
    self.mergedShards = mergedShards
    self.fixtures = fixtures
    self.expectations = expectations
  }

  /// `--explore N` and `--explore-time SECONDS`.
  package struct ExploreSetting: Sendable, Hashable {
    /// The seeds asked for each scenario.
    package var seeds: Int
    /// The wall-clock budget, when one was given.
    package var timeSeconds: Double?

    /// Creates a setting.
    package init(seeds: Int, timeSeconds: Double? = nil) {
      self.seeds = seeds
      self.timeSeconds = timeSeconds
    }
  }

  /// `--shard K/N`.
  package struct ShardPosition: Sendable, Hashable, CustomStringConvertible {
    /// K, from 1.
    package var index: Int
    /// N.
    package var count: Int

    /// Creates a position.
    package init(index: Int, count: Int) {
      self.index = index
      self.count = count
    }

    /// `K/N`.
    package var description: String { "\(index)/\(count)" }

    /// Whether the fixture at `position` (from 0) of the whole selection is
    /// in this shard: every N-th from the K-th.
    package func holds(position: Int) -> Bool { position % count == index - 1 }
  }

  /// The fixtures a run selected, before sharding.
  package struct FixtureSet: Sendable, Hashable {
    /// SHA-256 of the selected fixtures' ids and file contents, in order
    /// (``FixtureSetDigest``): two runs with the same digest ran the same
    /// fixtures.
    package var digest: String
    /// The ids of the selected fixtures, in the order they run.
    package var ids: [String]
    /// The ids of the fixtures found under the paths that `--filter` and
    /// `--tag` left out (an expectations file may name them).
    package var unselected: [String]

    /// Creates a set.
    package init(digest: String, ids: [String], unselected: [String] = []) {
      self.digest = digest
      self.ids = ids
      self.unselected = unselected
    }
  }

  /// The expectations file a run was judged against.
  package struct ExpectationsSource: Sendable, Hashable {
    /// The path, as given.
    package var file: String
    /// SHA-256 of its contents; empty when the file did not exist (judged
    /// as an empty one).
    package var digest: String

    /// Creates a source.
    package init(file: String, digest: String) {
      self.file = file
      self.digest = digest
    }
  }

  /// The command line that runs `result`'s scenario again with its trace
  /// printed: ``command`` with `--filter ID --verbose`, and `--replay NAME`
  /// or `--replay SEED` when one of the default gate's schedules or an
  /// explored seed failed.
  package func reproduceCommand(for result: ScenarioResult) -> String {
    Self.reproduceCommand(base: command, for: result)
  }

  /// ``reproduceCommand(for:)`` with another base command.
  package static func reproduceCommand(base: String, for result: ScenarioResult) -> String {
    var words = base + " --filter " + ShellWords.quote(result.scenario.id) + " --verbose"
    if let name = result.exploration?.failingScheduleName {
      words += " --replay " + ShellWords.quote(name)
    } else if let seed = result.exploration?.failingSeed {
      words += " --replay \(seed)"
    }
    return words
  }
}
