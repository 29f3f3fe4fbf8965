import type { LookupAddress } from "node:dns"
import { WEBHOOK_URL_MESSAGES } from "../../../lib/webhook-url"
import { BlockedWebhookTargetError, guardedLookup, webhookTargetRefusal } from "../send"

/** A resolver that knows a few names, as dns.lookup with `all: true` answers. */
function fakeResolver(table: Record<string, string[]>) {
  const calls: string[] = []
  const resolve = (hostname: string, _options: object, callback: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) => {
    calls.push(hostname)
    const addresses = table[hostname]
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), [])
    callback(null, addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })))
  }
  return { resolve, calls }
}

const DNS = {
  "hooks.example.com": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
  "rebound.example.com": ["93.184.216.34", "10.0.0.7"],
  "metadata.example.com": ["169.254.169.254"],
}

function lookupOnce(lookup: ReturnType<typeof guardedLookup>, host: string, all: boolean) {
  return new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
    lookup(host, { all }, (error, address, family) => resolve({ error, address, family }))
  )
}

describe("guardedLookup (the address rule at delivery time)", () => {
  const { resolve } = fakeResolver(DNS)

  it("strict: connects only when every address of the host is public", async () => {
    const lookup = guardedLookup("strict", resolve)
    expect(await lookupOnce(lookup, "hooks.example.com", false)).toEqual({ error: null, address: "93.184.216.34", family: 4 })
    const all = await lookupOnce(lookup, "hooks.example.com", true)
    expect(all.error).toBeNull()
    expect(all.address).toHaveLength(2)
    for (const host of ["rebound.example.com", "metadata.example.com"]) {
      const refused = await lookupOnce(lookup, host, false)
      expect(refused.error).toBeInstanceOf(BlockedWebhookTargetError)
      expect(refused.error?.message).toContain(WEBHOOK_URL_MESSAGES.privateAddress)
    }
    expect((await lookupOnce(lookup, "nowhere.example.com", false)).error?.message).toContain("ENOTFOUND")
  })

  it("local: any address", async () => {
    expect((await lookupOnce(guardedLookup("local", resolve), "rebound.example.com", false)).error).toBeNull()
  })
})

describe("webhookTargetRefusal (the address rule at registration)", () => {
  it("strict: refuses names resolving to a private address or not resolving; literals are judged without DNS", async () => {
    const { resolve, calls } = fakeResolver(DNS)
    expect(await webhookTargetRefusal("https://hooks.example.com/x", "strict", resolve)).toBeNull()
    expect(await webhookTargetRefusal("https://rebound.example.com/x", "strict", resolve)).toBe(WEBHOOK_URL_MESSAGES.privateAddress)
    expect(await webhookTargetRefusal("https://metadata.example.com/", "strict", resolve)).toBe(WEBHOOK_URL_MESSAGES.privateAddress)
    expect(await webhookTargetRefusal("https://nowhere.example.com/", "strict", resolve)).toBe(WEBHOOK_URL_MESSAGES.unresolvable)
    expect(await webhookTargetRefusal("https://93.184.216.34/", "strict", resolve)).toBeNull()
    expect(await webhookTargetRefusal("https://10.0.0.1/", "strict", resolve)).toBe(WEBHOOK_URL_MESSAGES.privateAddress)
    expect(await webhookTargetRefusal("http://hooks.example.com/", "strict", resolve)).toBe(WEBHOOK_URL_MESSAGES.httpsRequired)
    expect(calls).toEqual(["hooks.example.com", "rebound.example.com", "metadata.example.com", "nowhere.example.com"])
  })

  it("local: no lookup at all", async () => {
    const { resolve, calls } = fakeResolver(DNS)
    expect(await webhookTargetRefusal("https://nowhere.example.com/", "local", resolve)).toBeNull()
    expect(await webhookTargetRefusal("http://127.0.0.1:3000/", "local", resolve)).toBeNull()
    expect(calls).toEqual([])
  })
})
