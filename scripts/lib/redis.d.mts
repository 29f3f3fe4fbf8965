// Types of redis.mjs for TypeScript callers (the scale-out test).

export interface ClaimedRedisDatabase {
  /** The base URL with the claimed database number as its path. */
  url: string
  db: number
  /** Empties the database (FLUSHDB), which also drops the claim. */
  release(): Promise<void>
}

export function redisUrlFromEnv(): string
export function probeRedisSync(url: string, timeoutMs?: number): { reachable: boolean; reason: string | null }
export function claimRedisDatabase(baseUrl: string, options?: { log?: (message: string) => void }): Promise<ClaimedRedisDatabase>
