import { OutboxClaims } from "../outbox-claims"

describe("OutboxClaims: what a stopping process still holds of the outbox", () => {
  it("stops at once when nothing is held or being claimed, and claims nothing more", async () => {
    const claims = new OutboxClaims()
    expect(claims.isStopping).toBe(false)
    expect(await claims.stop(Date.now() + 10_000)).toEqual([])
    expect(claims.isStopping).toBe(true)
  })

  it("waits for the held messages to be finished, and no longer than the deadline", async () => {
    const claims = new OutboxClaims()
    claims.claiming().done(["a", "b"])
    const started = Date.now()
    const stopped = claims.stop(started + 10_000)
    claims.finish(["a"])
    setTimeout(() => claims.finish(["b"]), 50)
    expect(await stopped).toEqual([])
    expect(Date.now() - started).toBeLessThan(5000)

    const late = new OutboxClaims()
    late.claiming().done(["c", "d"])
    late.finish(["c"])
    const at = Date.now()
    expect(await late.stop(at + 100)).toEqual(["d"])
    expect(Date.now() - at).toBeGreaterThanOrEqual(90)
  })

  it("waits for a claim whose statement still runs, and counts what it claimed as held", async () => {
    const claims = new OutboxClaims()
    const claim = claims.claiming()
    const stopped = claims.stop(Date.now() + 200)
    claim.done(["e"])
    expect(await stopped).toEqual(["e"])

    const failing = new OutboxClaims()
    const failed = failing.claiming()
    const stopping = failing.stop(Date.now() + 10_000)
    failed.done([]) // the claim's statement failed: nothing held
    expect(await stopping).toEqual([])
  })
})
