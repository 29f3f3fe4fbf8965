import type { ApiKeyRecord } from "../../queries/platform-api-keys"
import { ApiKeyCache, shouldTouch } from "../utils/api-key-cache"

const record = (id: string): ApiKeyRecord => ({
  id,
  organization_id: "org_1",
  data_organization_id: "org_1",
  environment: "live",
  scopes: ["admin"],
  plan: "starter",
  revoked: false,
  last_used_at: null,
  is_guest: false,
  expires_at: null,
})

describe("ApiKeyCache", () => {
  it("serves a lookup for its TTL only, so a revocation reaches every process within it", async () => {
    const cache = new ApiKeyCache(500)
    const load = jest.fn(async (hash: string) => record(hash))
    await cache.get("h", load, 1_000)
    await cache.get("h", load, 1_499)
    expect(load).toHaveBeenCalledTimes(1)
    await cache.get("h", load, 1_500)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("shares one lookup between concurrent requests, caches unknown keys, forgets on demand and after failures", async () => {
    const cache = new ApiKeyCache(500)
    let calls = 0
    const load = async () => {
      calls++
      return null
    }
    await Promise.all([cache.get("x", load, 0), cache.get("x", load, 0), cache.get("x", load, 10)])
    expect(calls).toBe(1)
    cache.forget("x")
    await cache.get("x", load, 20)
    expect(calls).toBe(2)

    const failing = jest.fn().mockRejectedValueOnce(new Error("db down")).mockResolvedValue(record("k"))
    await expect(cache.get("k", failing, 0)).rejects.toThrow("db down")
    await expect(cache.get("k", failing, 1)).resolves.toMatchObject({ id: "k" })
  })

  it("stays bounded under a flood of distinct keys", async () => {
    const cache = new ApiKeyCache(500, 3)
    const load = jest.fn(async () => null)
    for (let i = 0; i < 10; i++) await cache.get(`h${i}`, load, 0)
    await cache.get("h9", load, 1)
    expect(load).toHaveBeenCalledTimes(10)
  })
})

describe("shouldTouch", () => {
  it("records a key's use at most once per resolution", () => {
    expect(shouldTouch("apikey_t", null, 60_000, 100_000)).toBe(true)
    expect(shouldTouch("apikey_t", null, 60_000, 130_000)).toBe(false)
    expect(shouldTouch("apikey_t", null, 60_000, 160_000)).toBe(true)
    // Another process wrote it recently (the row says so): no write here either.
    expect(shouldTouch("apikey_u", new Date(500_000), 60_000, 520_000)).toBe(false)
  })
})
