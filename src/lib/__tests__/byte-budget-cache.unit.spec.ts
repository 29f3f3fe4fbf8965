import { ByteBudgetCache } from "../byte-budget-cache"

const entry = (bytes: number) => ({ byteLength: bytes })

describe("ByteBudgetCache", () => {
  it("keeps entries within its budget, dropping the least recently used first", () => {
    const cache = new ByteBudgetCache<{ byteLength: number }>(100)
    cache.set("a", entry(40))
    cache.set("b", entry(40))
    expect(cache.get("a")).toEqual(entry(40)) // a is now the most recently used
    cache.set("c", entry(40))
    expect(cache.has("b")).toBe(false)
    expect(cache.has("a")).toBe(true)
    expect(cache.has("c")).toBe(true)
    expect(cache.size).toBe(80)
  })

  it("replaces an entry under the same key, counting only the new one", () => {
    const cache = new ByteBudgetCache<{ byteLength: number }>(100)
    cache.set("a", entry(60))
    cache.set("a", entry(30))
    expect(cache.size).toBe(30)
    expect(cache.get("a")).toEqual(entry(30))
  })

  it("does not keep an entry larger than the whole budget, nor lose others for it", () => {
    const cache = new ByteBudgetCache<{ byteLength: number }>(100)
    cache.set("a", entry(50))
    cache.set("huge", entry(101))
    expect(cache.has("huge")).toBe(false)
    expect(cache.get("a")).toEqual(entry(50))
    expect(cache.get("missing")).toBeUndefined()
  })
})
