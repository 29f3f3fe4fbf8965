import { toKnex, type PgSource } from "./pg"

export type PendingGalleryPayment = { id: string; payment_intent_id: string }

/**
 * Pending gallery orders whose payment may have succeeded without anyone settling it (a crash, a lost webhook, a
 * customer who never came back): created at least `minAgeSeconds` ago and at most `maxAgeHours` ago, oldest first.
 * Served by the (status, created_at) index.
 */
export async function listPendingGalleryPayments(
  source: PgSource,
  options: { minAgeSeconds: number; maxAgeHours: number; limit: number }
): Promise<PendingGalleryPayment[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT id, payment_intent_id FROM gallery_order
     WHERE status = 'pending' AND deleted_at IS NULL AND payment_intent_id IS NOT NULL
       AND created_at <= now() - make_interval(secs => ?) AND created_at >= now() - make_interval(hours => ?)
     ORDER BY created_at ASC
     LIMIT ?`,
    [options.minAgeSeconds, options.maxAgeHours, options.limit]
  )
  return rows as PendingGalleryPayment[]
}
