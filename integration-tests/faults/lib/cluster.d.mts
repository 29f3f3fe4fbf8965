// Types of cluster.mjs for TypeScript callers (the scale-out test).
import type { Reaper } from "../../../scripts/lib/processes.mjs"
import type { Catalogue, Sql } from "./gallery.mjs"

export type PreparedDatabase = {
  databaseUrl: string
  sql: Sql
  catalogue: Catalogue
  /** Organization id -> connected account. */
  connected: Record<string, string>
  buildErrors: boolean
  close(): Promise<void>
}

export type Cluster = {
  webhookSecret: string
  start(name: string, mode: "shared" | "server" | "worker", env?: Record<string, string | undefined>): Promise<unknown>
  baseUrl(name: string): string
  logFile(name: string): string
  kill(name: string): Promise<void>
  terminate(name: string): Promise<{ code: number | null; signal: string | null }>
  restart(name: string): Promise<unknown>
  stopAll(): Promise<void>
}

export const root: string
export function prepareDatabase(options: { prefix: string; log: (message: string) => void; reaper?: Reaper | null }): Promise<PreparedDatabase>
export function createCluster(options: {
  databaseUrl: string
  redisUrl?: string | null
  logDir: string
  reconcileSeconds?: number | null
  logLevel?: string
  reaper?: Reaper | null
}): Cluster
export function logFolder(prefix: string, reaper?: Reaper | null): string
export { startReaper } from "../../../scripts/lib/processes.mjs"
