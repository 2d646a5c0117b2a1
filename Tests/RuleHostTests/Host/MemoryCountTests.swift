import Testing

@testable import RuleHost

/// The counting allocator counts exactly the bytes Lua holds by its own count, while blocks
/// of every size come and go, grow and shrink back; and the cap refuses just past the limit.
struct MemoryCountTests {
    /// Allocates, grows, shrinks and frees blocks of many sizes, then returns Lua's own count
    /// of the bytes it holds, in KiB (`collectgarbage("count")`).
    static let churn = """
        local keep = {}
        for round = 1, 4 do
          for i = 1, 1500 do
            local size = (i * 37 + round) % 700
            if i % 3 == 0 then
              keep[i] = { string.rep("y", size % 50), i, {} }   -- tables of many sizes
            else
              keep[i] = string.rep("x", size)                   -- strings of 0 to 699 bytes
            end
          end
          local grown = {}
          for i = 1, 300 do grown[i] = i end                    -- an array grown past 256 bytes
          for i = 1, 1500, round + 1 do keep[i] = nil end
          collectgarbage()
        end
        return collectgarbage("count")
        """

    @Test func theCountIsLuasOwn() throws {
        let lua = try LuaState(memoryLimit: 64 << 20)
        let before = lua.memoryUsed
        #expect(lua.load(Self.churn, chunkName: "=churn") == nil)
        #expect(lua.call(arguments: 0, results: 1, budget: 1 << 30) == nil)
        let kilobytes = try #require(lua.number(at: -1))
        #expect(Double(lua.memoryUsed) == kilobytes * 1024)
        #expect(lua.memoryUsed > before)
    }

    @Test func theCapRefusesPastTheLimit() throws {
        for limit in [300 << 10, 1 << 20] {
            let lua = try LuaState(memoryLimit: limit)
            #expect(lua.load("local t = {} while true do t[#t + 1] = string.rep('z', #t % 300) end", chunkName: "=hoard") == nil)
            let failure = lua.call(arguments: 0, results: 0, budget: 1 << 30)
            #expect(failure != nil)
            #expect(lua.memoryUsed <= limit)
            #expect(lua.memoryUsed > limit - (limit >> 2))
        }
    }
}
