import type { ApiKeyRecord } from "../../queries/platform-api-keys"

/**
 * A per-process cache of key lookups by hash, so that a busy key costs no query per request. An entry lives
 * `ttlMs` (default 500 ms): a key revoked in any process is refused by every process within a second without any
 * cross-process message; the process that revokes drops its entry at once. Unknown hashes are cached too (a client
 * retrying a deleted key costs one query per TTL), and concurrent lookups of one hash share one query.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, { at: number; value: Promise<ApiKeyRecord | null> }>()

  constructor(
    private readonly ttlMs = 500,
    private readonly maxEntries = 10_000
  ) {}

  get(hash: string, load: (hash: string) => Promise<ApiKeyRecord | null>, now = Date.now()): Promise<ApiKeyRecord | null> {
    const cached = this.entries.get(hash)
    if (cached && now - cached.at < this.ttlMs) return cached.value
    if (this.entries.size >= this.maxEntries) this.sweep(now)
    const value = load(hash)
    this.entries.set(hash, { at: now, value })
    // A failed lookup is not remembered: the next request tries again.
    value.catch(() => {
      if (this.entries.get(hash)?.value === value) this.entries.delete(hash)
    })
    return value
  }

  /** Forgets a key (this process revoked it). */
  forget(hash: string) {
    this.entries.delete(hash)
  }

  private sweep(now: number) {
    for (const [hash, entry] of this.entries) if (now - entry.at >= this.ttlMs) this.entries.delete(hash)
    // Still full of live entries (a flood of distinct keys): start over rather than grow without bound.
    if (this.entries.size >= this.maxEntries) this.entries.clear()
  }
}

/** The process's cache. */
export const apiKeyCache = new ApiKeyCache()

/**
 * When this process last recorded each key's use: `last_used_at` is written at most once a minute per key and
 * process (and the statement itself skips a write another process made within the minute).
 */
const lastTouched = new Map<string, number>()

export function shouldTouch(keyId: string, lastUsedAt: Date | null, resolutionMs: number, now = Date.now()): boolean {
  const touched = Math.max(lastTouched.get(keyId) ?? 0, lastUsedAt?.getTime() ?? 0)
  if (now - touched < resolutionMs) return false
  if (lastTouched.size > 100_000) lastTouched.clear()
  lastTouched.set(keyId, now)
  return true
}
