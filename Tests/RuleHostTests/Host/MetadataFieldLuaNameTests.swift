import MetadataModel
import Testing

@testable import RuleHost

/// `MetadataField.named(at:in:)` reads a field name from Lua's bytes; it must find exactly what
/// `MetadataField(rawValue:)` finds, for every field and for names that are close to one.
struct MetadataFieldLuaNameTests {
    @Test func findsWhatRawValueFinds() throws {
        let lua = try LuaState(memoryLimit: 1 << 20)
        var names = MetadataField.allCases.map(\.rawValue)
        for field in MetadataField.allCases {
            let name = field.rawValue
            names += [
                String(name.dropLast()), name + "s", name.uppercased(), String(name.dropFirst()), "x" + name.dropFirst(),
                String(name.dropLast()) + "x", name + "\u{0}",
            ]
        }
        names += ["", "key", "keys", "keyss", "tit1e", "file", "info", "toc", "é", "keysm", "keymf"]
        for name in names {
            lua.push(name)
            #expect(MetadataField.named(at: -1, in: lua) == MetadataField(rawValue: name), "\(name.debugDescription)")
            lua.pop()
        }
        lua.push(5)
        #expect(MetadataField.named(at: -1, in: lua) == nil)
        lua.pop()
    }
}
