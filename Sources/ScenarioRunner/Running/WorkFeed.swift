import Foundation

/// Items that arrive while work on the first ones has already begun: a
/// producer appends them (fixtures as they are loaded) and ends the feed;
/// workers take them by index, waiting for one that has not arrived yet.
///
/// The order of the items is the order they were appended, whatever thread
/// takes them, so results kept by index come out in that order.
package final class WorkFeed<Item: Sendable>: @unchecked Sendable {
  // Guarded by `condition`.
  private let condition = NSCondition()
  private var items: [Item] = []
  private var ended = false

  /// An empty, open feed.
  package init() {}

  /// A feed that holds `items` and is already ended.
  package convenience init(_ items: [Item]) {
    self.init()
    self.items = items
    ended = true
  }

  /// Adds an item at the end (ignored once the feed has ended).
  package func append(_ item: Item) {
    condition.lock()
    defer { condition.unlock() }
    guard !ended else { return }
    items.append(item)
    condition.broadcast()
  }

  /// No more items will come: workers waiting for one stop waiting.
  package func end() {
    condition.lock()
    defer { condition.unlock() }
    ended = true
    condition.broadcast()
  }

  /// The item at `index`, waiting until it arrives; nil when the feed ended
  /// before it did.
  package func item(at index: Int) -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while index >= items.count && !ended { condition.wait() }
    return index < items.count ? items[index] : nil
  }

  /// How many items have arrived so far (all of them once the feed ended).
  package var count: Int {
    condition.lock()
    defer { condition.unlock() }
    return items.count
  }

  /// Whether ``end()`` was called.
  package var hasEnded: Bool {
    condition.lock()
    defer { condition.unlock() }
    return ended
  }
}
