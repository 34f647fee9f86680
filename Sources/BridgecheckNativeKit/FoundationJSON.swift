import Foundation
import JSONModel

/// JSON values to and from the Foundation values WebKit hands to a bridge
/// and a bridge hands back (`NSNumber`, `String`, `[Any]`, `[String: Any]`,
/// `NSNull`).
enum FoundationJSON {
  /// The Foundation form of `value`, as WebKit converts script values;
  /// nil for absent (`undefined`).
  static func foundation(_ value: JSONValue?) -> Any? {
    guard let value else { return nil }
    return foundation(value)
  }

  /// The Foundation form of a present value.
  static func foundation(_ value: JSONValue) -> Any {
    switch value {
    case .null: return NSNull()
    case .bool(let flag): return NSNumber(value: flag)
    case .number(let number): return NSNumber(value: number)
    case .string(let text): return text
    case .array(let items): return items.map { foundation($0) }
    case .object(let object):
      var dictionary: [String: Any] = [:]
      for (key, item) in object { dictionary[key] = foundation(item) }
      return dictionary
    }
  }

  /// A value the bridge gave that has no JSON form.
  struct Unconvertible: Error {
    /// The Swift type of the value.
    let typeName: String
  }

  /// The JSON form of what a bridge gave; nil for nil. Numbers that are
  /// not finite become `null`, as `JSON.stringify` makes them.
  static func json(_ value: Any?) throws(Unconvertible) -> JSONValue? {
    guard let value else { return nil }
    do throws(Unconvertible) {
      return try json(present: value)
    } catch {
      // `Optional<Any>.none` boxed in `Any` (checked last: a cast to a
      // protocol costs more than the casts above).
      if let optional = value as? OptionalBox, optional.isNone { return nil }
      throw error
    }
  }

  private static func json(present value: Any) throws(Unconvertible) -> JSONValue {
    // Swift's own types first: on Linux a cast of a `String`, an `Array` or
    // a `Dictionary` to a class (`is NSNull`, `as? NSNumber`) converts it to
    // its Foundation counterpart first, contents and all, to look at the class.
    switch value {
    case let text as String: return .string(text)
    case let items as [Any]:
      var result: [JSONValue] = []
      result.reserveCapacity(items.count)
      for item in items { result.append(try json(present: item)) }
      return .array(result)
    case let dictionary as [String: Any]:
      var object: JSONObject = [:]
      for key in dictionary.keys.sorted() { object[key] = try json(present: dictionary[key]!) }
      return .object(object)
    case let flag as Bool where Swift.type(of: value) == Bool.self: return .bool(flag)
    case let text as Substring: return .string(String(text))
    case is NSNull: return .null
    case let number as NSNumber:
      if isBoolean(number) { return .bool(number.boolValue) }
      // JSONSerialization on Linux parses numbers with a fraction or an
      // exponent to NSDecimalNumber, whose doubleValue is off in the last
      // digit (0.30000000000000004 gives 0.3000000000000001); its text is
      // exact, and reads back as the double WebKit would have given.
      if number is NSDecimalNumber, let exact = Double(number.description) { return finite(exact) }
      return finite(number.doubleValue)
    case let number as any BinaryInteger: return .number(Double(number))
    case let number as any BinaryFloatingPoint: return finite(Double(number))
    default:
      throw Unconvertible(typeName: String(describing: Swift.type(of: value)))
    }
  }

  private static func finite(_ number: Double) -> JSONValue {
    number.isFinite ? .number(number) : .null
  }

  /// Whether `number` is a boolean (`NSNumber(value: true)`, or a JSON
  /// `true` parsed by `JSONSerialization`), not the number 1.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(describing: Swift.type(of: number)).contains("Boolean")
  }
}

/// An `Optional` seen through `Any` (a bridge may pass `Optional<Any>.none` boxed).
private protocol OptionalBox { var isNone: Bool { get } }
extension Optional: OptionalBox {
  var isNone: Bool { self == nil }
}
