import Dialects
import JSONModel
import Testing

@Suite("Dialect field renaming")
struct MessageFieldNamesRenamingTests {
  let port = MessageFieldNames(callbackId: "callbackID", responseId: "responseID")

  @Test func messagesAreRenamedAtTheBoundaryOnly() {
    let request: JSONObject = ["handlerName": "h", "data": ["callbackId": 1], "callbackId": "cb_1"]
    let wire = port.toWire(request)
    #expect(Array(wire.keys) == ["handlerName", "data", "callbackID"], "order kept, nested data untouched")
    #expect(wire["data"] == ["callbackId": 1])
    #expect(port.fromWire(wire) == request)
    #expect(MessageFieldNames.classic.toWire(request) == request)
  }

  @Test func aClassicNameTheDialectRenamesIsNotReadAsThatField() {
    let incoming: JSONObject = ["responseId": "cb_1", "responseData": 1, "extra": true]
    #expect(port.fromWire(incoming) == ["responseData": 1, "extra": true])
  }
}
