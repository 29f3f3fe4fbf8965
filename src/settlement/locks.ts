import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { settlementReconcileSeconds } from "../lib/outbox"

/**
 * The lease of the money path's locks (order, inventory items), in seconds: SETTLEMENT_RECONCILE_SECONDS. A holder
 * renews it while it works (Redis provider); a holder that dies frees the lock when it runs out, so a crash delays
 * the order's settlement by at most that long instead of the provider's default minute.
 */
export function settlementLockExpireSeconds(): number {
  return settlementReconcileSeconds(process.env.SETTLEMENT_RECONCILE_SECONDS)
}

/** How long one inventory item's lock is waited for (seconds). */
export const INVENTORY_LOCK_TIMEOUT_SECONDS = 15

/**
 * Runs `fn` holding the locks of these inventory items (Medusa's locking module), as Medusa's cart completion locks
 * the items it reserves. The locks are taken ONE KEY AT A TIME in sorted order rather than with one multi-key
 * `execute`: the Redis provider takes a multi-key lock key by key and, when it times out, keeps the keys it already
 * holds until their lease ends, so overlapping multi-key callers (settlements of orders sharing stock) lock each
 * other out for a minute. One key per call is released on every path; the global order excludes deadlocks.
 */
export async function withInventoryLocks<T>(
  container: Pick<MedusaContainer, "resolve">,
  inventoryItemIds: string[],
  fn: () => Promise<T>
): Promise<T> {
  return withSortedLocks(
    container,
    inventoryItemIds,
    { timeout: INVENTORY_LOCK_TIMEOUT_SECONDS, expire: settlementLockExpireSeconds() },
    fn
  )
}

/** Runs `fn` holding every one of `keys`, taken one key per call in sorted order (see withInventoryLocks for why). */
export async function withSortedLocks<T>(
  container: Pick<MedusaContainer, "resolve">,
  keys: string[],
  options: { timeout: number; expire: number },
  fn: () => Promise<T>
): Promise<T> {
  const locking: ILockingModule = container.resolve(Modules.LOCKING)
  const sorted = [...new Set(keys)].sort()
  const lockFrom = (index: number): Promise<T> =>
    index === sorted.length ? fn() : locking.execute([sorted[index]], () => lockFrom(index + 1), options)
  return lockFrom(0)
}
