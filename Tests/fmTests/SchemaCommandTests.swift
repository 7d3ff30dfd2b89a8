import Foundation
import Testing

/// `fm schema object` builds Apple's shape of schema; `fm schema show` prints a schema as the
/// session uses it and checks that guided decoding can enforce it.
@Suite("fm schema") struct SchemaCommandTests {
    @Test func objectBuildsApplesShape() throws {
        let output = try FMProcess.run(["schema", "object", "--name", "Person", "--string", "name", "--integer", "age",
                                        "--description", "Age in years", "--string", "tags", "--array", "--optional",
                                        "--string", "address.city", "--compact"])
        #expect(output.status == 0)
        #expect(output.stdout == ##"{"title":"Person","type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer","description":"Age in years"},"tags":{"type":"array","items":{"type":"string"}},"address":{"$ref":"#/$defs/Address"}},"required":["name","age","address"],"x-order":["name","age","tags","address"],"additionalProperties":false,"$defs":{"Address":{"title":"Address","type":"object","properties":{"city":{"type":"string"}},"required":["city"],"x-order":["city"],"additionalProperties":false}}}"## + "\n")
    }

    @Test func nestedObjectsAndUnionsComeFromOtherSchemas() throws {
        let item = try FMProcess.run(["schema", "object", "--name", "Item", "--string", "sku", "--compact"]).stdout
        let order = try FMProcess.run(["schema", "object", "--name", "Order", "--object", "items", "--schema", item, "--array", "--compact"])
        #expect(order.status == 0)
        #expect(order.stdout.contains(##""items":{"type":"array","items":{"$ref":"#/$defs/Item"}}"##))
        #expect(order.stdout.contains(#""$defs":{"Item":{"title":"Item""#))
        let union = try FMProcess.run(["schema", "object", "--name", "Result", "--anyOf", "--schema", item, "--compact"])
        #expect(union.stdout.hasPrefix(##"{"title":"Result","anyOf":[{"$ref":"#/$defs/Item"}]"##))
    }

    @Test func showPrintsTheSchemaTheSessionUsesAndChecksIt() throws {
        try FMProcess.requireDefaultModel()
        let built = try FMProcess.run(["schema", "object", "--name", "Person", "--string", "name", "--integer", "age"]).stdout
        let file = try FMProcess.file(built, name: "person.json")
        let shown = try FMProcess.run(["schema", "show", file, "--compact"])
        #expect(shown.status == 0)
        #expect(shown.stdout.hasPrefix("{"))
        #expect(shown.stdout.contains(#""properties":{"name":{"type":"string"},"age":{"type":"integer"}}"#))
        // A hand-written schema without x-order keeps its property order, and can be given inline.
        let inline = try FMProcess.run(["schema", "show", "--json", #"{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}}}"#]).json()
        let schema = try #require(inline["schema"] as? [String: Any])
        #expect(schema["x-order"] as? [String] == ["b", "a"])
        #expect((inline["prompt_tokens"] as? Int ?? 0) > 0)
    }
}
