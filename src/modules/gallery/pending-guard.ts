/**
 * The guard of a pending row looked up by its primary key. Written `(status = 'pending') IS TRUE` so that PostgreSQL
 * cannot answer it from a (status, ...) index: each paid order leaves a dead 'pending' entry there until vacuum, and a
 * plan that walked that range read more of them with every order (docs/architecture.md, "Queries and hot paths").
 * Shared by the writes that settle a pending gallery order, store payment or payout (checkout.ts, store-payments.ts,
 * payouts.ts).
 */
export const PENDING_BY_ID = "id = ? AND (status = 'pending') IS TRUE AND deleted_at IS NULL"
