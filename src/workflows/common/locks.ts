import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { settlementReconcileSeconds } from "../../lib/outbox"

/**
 * The lease of every lock Atelier takes, in seconds: SETTLEMENT_RECONCILE_SECONDS. A holder renews it while it works
 * (the Redis provider renews underneath the job; the in-process provider has no lease, its locks die with the
 * process), so a long job keeps its lock; a holder that dies frees it when the lease runs out. That is what bounds how
 * long a crash can hold back the work of the process restarted after it (docs/crash-safety.md): one lock left with
 * the provider's default minute held a restarted worker's whole outbox dispatch for that minute.
 */
export function lockLeaseSeconds(): number {
  return settlementReconcileSeconds(process.env.SETTLEMENT_RECONCILE_SECONDS)
}

/** How long one inventory item's lock is waited for (seconds). */
export const INVENTORY_LOCK_TIMEOUT_SECONDS = 15

/**
 * Runs `fn` holding `key` (Medusa's locking module: in-process, or Redis with REDIS_URL), waiting at most
 * `timeoutSeconds` for it (then a CONFLICT error), leased for lockLeaseSeconds. The one way src/ takes a lock.
 */
export async function withLock<T>(
  container: Pick<MedusaContainer, "resolve">,
  key: string,
  timeoutSeconds: number,
  fn: () => Promise<T>
): Promise<T> {
  return withSortedLocks(container, [key], timeoutSeconds, fn)
}

/**
 * Runs `fn` holding the locks of these inventory items, as Medusa's cart completion locks the items it reserves.
 */
export async function withInventoryLocks<T>(
  container: Pick<MedusaContainer, "resolve">,
  inventoryItemIds: string[],
  fn: () => Promise<T>
): Promise<T> {
  return withSortedLocks(container, inventoryItemIds, INVENTORY_LOCK_TIMEOUT_SECONDS, fn)
}

/**
 * Runs `fn` holding every one of `keys`, leased as withLock. The locks are taken ONE KEY AT A TIME in sorted order
 * rather than with one multi-key `execute`: the Redis provider takes a multi-key lock key by key and, when it times
 * out, keeps the keys it already holds until their lease ends, so overlapping multi-key callers (settlements of orders
 * sharing stock) lock each other out. One key per call is released on every path; the global order excludes deadlocks.
 */
export async function withSortedLocks<T>(
  container: Pick<MedusaContainer, "resolve">,
  keys: string[],
  timeoutSeconds: number,
  fn: () => Promise<T>
): Promise<T> {
  const locking: ILockingModule = container.resolve(Modules.LOCKING)
  const options = { timeout: timeoutSeconds, expire: lockLeaseSeconds() }
  const sorted = [...new Set(keys)].sort()
  const lockFrom = (index: number): Promise<T> =>
    index === sorted.length ? fn() : locking.execute([sorted[index]], () => lockFrom(index + 1), options)
  return lockFrom(0)
}

/** The per-order lock shared by payment settlement, payouts and cancellation of a gallery order. */
export function galleryOrderLockKey(orderId: string): string {
  return `gallery-order:${orderId}`
}
