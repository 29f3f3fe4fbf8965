import { Modules } from "@medusajs/framework/utils"
import { DEFAULT_SETTLEMENT_RECONCILE_SECONDS } from "../../../lib/outbox"
import { INVENTORY_LOCK_TIMEOUT_SECONDS, lockLeaseSeconds, withInventoryLocks, withLock, withSortedLocks } from "../locks"

type ExecuteCall = { keys: string[]; options: { timeout: number; expire: number } }

/** A container whose locking module records each `execute` and runs the job at once. */
function recordingContainer() {
  const calls: ExecuteCall[] = []
  const locking = {
    execute: async (keys: string[], job: () => Promise<unknown>, options: ExecuteCall["options"]) => {
      calls.push({ keys, options })
      return job()
    },
  }
  const container = {
    resolve: (key: string) => {
      if (key !== Modules.LOCKING) throw new Error(`unexpected ${key}`)
      return locking
    },
  }
  return { calls, container: container as unknown as Parameters<typeof withLock>[0] }
}

describe("locks", () => {
  const saved = process.env.SETTLEMENT_RECONCILE_SECONDS
  afterEach(() => {
    if (saved === undefined) delete process.env.SETTLEMENT_RECONCILE_SECONDS
    else process.env.SETTLEMENT_RECONCILE_SECONDS = saved
  })

  it("lease every lock for SETTLEMENT_RECONCILE_SECONDS (else its default), whoever takes it", async () => {
    delete process.env.SETTLEMENT_RECONCILE_SECONDS
    expect(lockLeaseSeconds()).toBe(DEFAULT_SETTLEMENT_RECONCILE_SECONDS)
    process.env.SETTLEMENT_RECONCILE_SECONDS = "2"
    const { calls, container } = recordingContainer()

    expect(await withLock(container, "order-book:setup", 30, async () => "done")).toBe("done")
    await withInventoryLocks(container, ["iitem_b"], async () => undefined)

    expect(calls).toEqual([
      { keys: ["order-book:setup"], options: { timeout: 30, expire: 2 } },
      { keys: ["iitem_b"], options: { timeout: INVENTORY_LOCK_TIMEOUT_SECONDS, expire: 2 } },
    ])
  })

  it("take several keys one per call, sorted and without repeats, the job inside the last", async () => {
    process.env.SETTLEMENT_RECONCILE_SECONDS = "5"
    const { calls, container } = recordingContainer()
    const job = jest.fn(async () => calls.length)

    expect(await withSortedLocks(container, ["b", "a", "c", "a"], 60, job)).toBe(3)
    expect(job).toHaveBeenCalledTimes(1)
    expect(calls.map((call) => call.keys)).toEqual([["a"], ["b"], ["c"]])
    expect(calls.every((call) => call.options.expire === 5 && call.options.timeout === 60)).toBe(true)
  })
})
