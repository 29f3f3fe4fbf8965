// Types of invariants.mjs for TypeScript callers (the scale-out test).
import type { Sql } from "./gallery.mjs"

export type Violation = { invariant: number; key: string; message: string }

export function expectedPayoutCents(subtotalCents: number): number

export function checkOrders(
  sql: Sql,
  paymentIntentIds: string[],
  options?: {
    connected?: Record<string, string>
    raceGroups?: Map<string, string>
    scarceProductIds?: Set<string>
    httpBaseUrl?: string | null
    inventoryItemIds?: string[]
  }
): Promise<{
  violations: Violation[]
  stats: { orders: number; charged: number; paid: number; cancelled: number; pending: number; transfers: number }
  httpTransfers: "checked" | "absent" | "skipped"
}>

export function checkRefunds(sql: Sql, galleryOrderIds: string[]): Promise<{ violations: Violation[]; stats: { refunds: number } }>
export function checkDisputes(
  sql: Sql,
  galleryOrderIds: string[],
  storePaymentIds?: string[]
): Promise<{ violations: Violation[]; stats: { disputes: number; lost: number } }>
