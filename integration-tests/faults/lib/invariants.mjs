// The money path's invariants (issue 13), checked from outside: read from the database (gallery, payment gateway,
// Medusa inventory and notification tables) and, where the route exists, over HTTP. Nothing here calls the
// application's code, so the checks hold whatever the settlement's implementation.
import { listTransfersOverHttp } from "./gallery.mjs"

export const CONFIRMATION_TEMPLATE = "gallery-order-confirmation"
export const ARTIST_NEW_ORDER_TEMPLATE = "gallery-artist-new-order"
/** Order statuses that mean "paid" (later steps of the same life). */
export const PAID_STATUSES = ["paid", "processing", "partially_shipped", "shipped", "delivered"]

export const INVARIANTS = [
  { id: 1, name: "charged => paid (or cancelled out of stock + refunded); not charged => not paid" },
  { id: 2, name: "a webhook redelivered after a crash settles its order" },
  { id: 3, name: "reservations = paid quantities; none for unpaid orders; no level over-reserved" },
  { id: 4, name: "emails exactly once: confirmation + one new-order per artist-order owner" },
  { id: 5, name: "one transfer of 88 % per paid artist order with an account; none otherwise" },
  { id: 6, name: "refunds: one provider refund and one reversal per record, ledger = provider, never over the charge" },
  { id: 7, name: "disputes lost: one reversal per planned payout or store payment, ledger = provider; none held after closing" },
]

const isPaid = (status) => PAID_STATUSES.includes(status)

/** 88 % of an artist's subtotal, rounded half-up to the cent (spec, part 2). */
export function expectedPayoutCents(subtotalCents) {
  return Math.floor((subtotalCents * 88 + 50) / 100)
}

function violation(invariant, key, message) {
  return { invariant, key: `${invariant}:${key}`, message }
}

/**
 * Checks invariants 1, 3, 4 and 5 for the orders paid by `paymentIntentIds`, plus the inventory levels of
 * `inventoryItemIds` (never more reserved than stocked; the level's reserved quantity equals its live
 * reservations). Options:
 * - `connected`: organization id -> connected account (read from the organization table by the caller);
 * - `raceGroups`: payment intent id -> group key of the orders that raced for the same scarce items, and
 *   `scarceProductIds`: the products they raced for. An order cancelled as out of stock is legitimate only when it
 *   holds a scarce product that another order of its group was sold: an order of prints only (always restocked
 *   plenty) or one whose rival did not get the item lost it to a leak;
 * - `httpBaseUrl`: also compares each order's transfers with GET /api/sandbox/transfers?transfer_group=...
 * Returns `{violations, stats, httpTransfers}` where httpTransfers is "checked", "absent" (the route answers 404)
 * or "skipped".
 */
export async function checkOrders(sql, paymentIntentIds, options = {}) {
  const { connected = {}, raceGroups = new Map(), scarceProductIds = new Set(), httpBaseUrl = null, inventoryItemIds = [] } =
    options
  const violations = []
  const q = async (text, params) => (await sql(text, params)).rows

  const orders = await q(
    `SELECT id, public_id, status, payment_failure, payment_intent_id, transfer_group, total_cents
       FROM gallery_order WHERE payment_intent_id = ANY($1) AND deleted_at IS NULL`,
    [paymentIntentIds]
  )
  const orderIds = orders.map((o) => o.id)
  const [intents, refunds, artistOrders] = await Promise.all([
    q(`SELECT id, status, charge_id FROM sandbox_payment_intent WHERE id = ANY($1)`, [paymentIntentIds]),
    q(
      // Refunds of refund records (docs/refunds.md, keys `refund-gref_...`) are invariant 6's.
      `SELECT payment_intent_id, sum(amount)::int AS amount, count(*)::int AS n
         FROM sandbox_refund WHERE payment_intent_id = ANY($1) AND deleted_at IS NULL
          AND idempotency_key NOT LIKE 'refund-gref%'
         GROUP BY payment_intent_id`,
      [paymentIntentIds]
    ),
    q(
      `SELECT id, gallery_order_id, organization_id, subtotal_cents, payout_cents
         FROM gallery_artist_order WHERE gallery_order_id = ANY($1) AND deleted_at IS NULL`,
      [orderIds]
    ),
  ])
  const artistOrderIds = artistOrders.map((a) => a.id)
  const [items, reservations, notifications, owners, transfers] = await Promise.all([
    q(
      `SELECT i.id, i.artist_order_id, i.product_id, i.quantity, pvii.inventory_item_id,
              coalesce(pvii.required_quantity, 1)::int AS required_quantity
         FROM gallery_artist_order_item i
         LEFT JOIN product_variant_inventory_item pvii ON pvii.variant_id = i.variant_id AND pvii.deleted_at IS NULL
        WHERE i.artist_order_id = ANY($1) AND i.deleted_at IS NULL`,
      [artistOrderIds]
    ),
    q(
      `SELECT id, external_id, line_item_id, inventory_item_id, quantity::int AS quantity
         FROM reservation_item
        WHERE deleted_at IS NULL
          AND (external_id = ANY($1)
               OR line_item_id IN (SELECT id FROM gallery_artist_order_item WHERE artist_order_id = ANY($2)))`,
      [orderIds, artistOrderIds]
    ),
    q(
      `SELECT id, template, resource_id, receiver_id, "to", status, idempotency_key FROM notification
        WHERE template = ANY($1) AND resource_id = ANY($2)`,
      [[CONFIRMATION_TEMPLATE, ARTIST_NEW_ORDER_TEMPLATE], [...orderIds, ...artistOrderIds]]
    ),
    q(
      `SELECT ms.organization_id, m.id AS member_id, m.email
         FROM membership ms JOIN member m ON m.id = ms.member_id AND m.deleted_at IS NULL
        WHERE ms.role = 'owner' AND ms.deleted_at IS NULL AND ms.organization_id = ANY($1)`,
      [[...new Set(artistOrders.map((a) => a.organization_id))]]
    ),
    q(
      `SELECT id, amount::int AS amount, amount_reversed::int AS amount_reversed, destination, transfer_group,
              metadata, idempotency_key
         FROM sandbox_transfer WHERE transfer_group = ANY($1) AND deleted_at IS NULL`,
      [orders.map((o) => o.transfer_group)]
    ),
  ])

  const intentById = new Map(intents.map((i) => [i.id, i]))
  const refundByIntent = new Map(refunds.map((r) => [r.payment_intent_id, r]))
  const artistOrdersOf = groupBy(artistOrders, (a) => a.gallery_order_id)
  const itemsOf = groupBy(items, (i) => i.artist_order_id)
  // A reservation belongs to the order of its line (the artist order item), else to the order it names.
  const orderOfItem = new Map(items.map((i) => [i.id, artistOrders.find((a) => a.id === i.artist_order_id)?.gallery_order_id]))
  const reservationsOfOrder = groupBy(reservations, (r) => orderOfItem.get(r.line_item_id) ?? r.external_id)
  const ownersOf = groupBy(owners, (o) => o.organization_id)
  const transfersOf = groupBy(transfers, (t) => t.transfer_group)
  const notificationsOf = groupBy(notifications, (n) => n.resource_id)
  const orderByIntent = new Map(orders.map((o) => [o.payment_intent_id, o]))

  for (const intentId of paymentIntentIds) {
    if (!orderByIntent.has(intentId)) violations.push(violation(1, `missing:${intentId}`, `no order for intent ${intentId}`))
  }

  // Which scarce products each race group sold (to a paid order holding a live reservation of it).
  const productsOf = (order) => (artistOrdersOf.get(order.id) ?? []).flatMap((a) => (itemsOf.get(a.id) ?? []).map((i) => i.product_id))
  const soldInGroup = new Map()
  for (const order of orders) {
    const group = raceGroups.get(order.payment_intent_id)
    if (!group || !isPaid(order.status)) continue
    for (const product of productsOf(order)) {
      if (scarceProductIds.has(product)) soldInGroup.set(`${group}:${product}`, true)
    }
  }

  const stats = { orders: orders.length, charged: 0, paid: 0, cancelled: 0, pending: 0, transfers: transfers.length }
  let httpTransfers = httpBaseUrl ? "checked" : "skipped"

  for (const order of orders) {
    const intent = intentById.get(order.payment_intent_id)
    const charged = intent?.status === "succeeded"
    const refund = refundByIntent.get(order.payment_intent_id)
    const paid = isPaid(order.status)
    const cancelledOutOfStock = order.status === "cancelled" && order.payment_failure === "out_of_stock"
    const label = order.public_id
    if (charged) stats.charged++
    if (paid) stats.paid++
    else if (order.status === "cancelled") stats.cancelled++
    else if (order.status === "pending") stats.pending++

    // 1. Charged => paid, or cancelled out of stock with its refund. Not charged => never paid.
    if (charged && !paid) {
      if (!cancelledOutOfStock) {
        violations.push(violation(1, `unsettled:${order.id}`, `${label}: charged but ${order.status}`))
      } else if (!refund || refund.amount < order.total_cents) {
        violations.push(violation(1, `unrefunded:${order.id}`, `${label}: cancelled out of stock without a full refund`))
      }
    }
    if (!charged && paid) violations.push(violation(1, `uncharged-paid:${order.id}`, `${label}: ${order.status} without a successful payment`))
    if (paid && refund) violations.push(violation(1, `paid-refunded:${order.id}`, `${label}: paid and refunded`))
    if (refund && refund.n > 1) violations.push(violation(1, `refunds:${order.id}`, `${label}: refunded ${refund.n} times`))

    // 3. Reservations: a paid order's lines reserved exactly; nothing reserved for an unpaid order.
    const lines = (artistOrdersOf.get(order.id) ?? []).flatMap((a) => itemsOf.get(a.id) ?? [])
    const held = reservationsOfOrder.get(order.id) ?? []
    const heldUnits = held.reduce((sum, r) => sum + r.quantity, 0)
    if (paid) {
      for (const line of lines) {
        if (!line.inventory_item_id) continue
        const reserved = held
          .filter((r) => r.line_item_id === line.id && r.inventory_item_id === line.inventory_item_id)
          .reduce((sum, r) => sum + r.quantity, 0)
        const expected = line.quantity * line.required_quantity
        if (reserved !== expected) {
          violations.push(
            violation(3, `line:${line.id}`, `${label}: line ${line.id} reserved ${reserved}, paid ${expected}`)
          )
        }
      }
      const lineIds = new Set(lines.map((l) => l.id))
      const stray = held.filter((r) => !lineIds.has(r.line_item_id))
      if (stray.length) violations.push(violation(3, `stray:${order.id}`, `${label}: ${stray.length} reservations for no line of it`))
    } else if (heldUnits > 0) {
      violations.push(violation(3, `leak:${order.id}`, `${label}: ${order.status} but holds ${heldUnits} reserved units`))
    }
    if (cancelledOutOfStock) {
      const group = raceGroups.get(order.payment_intent_id)
      const scarce = productsOf(order).filter((p) => scarceProductIds.has(p))
      const lostFairly = group && scarce.some((p) => soldInGroup.get(`${group}:${p}`))
      if (!lostFairly) {
        violations.push(
          violation(3, `oos:${order.id}`, `${label}: cancelled out of stock though no rival bought its scarce item (a leak took the stock)`)
        )
      }
    }

    // 4. Emails: once the order is paid, one confirmation and one new-order email per artist-order owner, sent;
    // none for an unpaid order.
    const confirmations = (notificationsOf.get(order.id) ?? []).filter((n) => n.template === CONFIRMATION_TEMPLATE)
    checkSent(violations, `confirmation:${order.id}`, `${label}: confirmation`, confirmations, paid ? 1 : 0)
    for (const artistOrder of artistOrdersOf.get(order.id) ?? []) {
      const sent = (notificationsOf.get(artistOrder.id) ?? []).filter((n) => n.template === ARTIST_NEW_ORDER_TEMPLATE)
      for (const owner of ownersOf.get(artistOrder.organization_id) ?? []) {
        const mine = sent.filter((n) => n.receiver_id === owner.member_id || n.to === owner.email)
        checkSent(violations, `new-order:${artistOrder.id}:${owner.member_id}`, `${label}: new-order email to ${owner.email}`, mine, paid ? 1 : 0)
      }
    }

    // 5. Transfers: one per paid artist order whose organization has an account, of 88 % of its subtotal, to that
    // account; none for unpaid orders nor for organizations without an account.
    const orderTransfers = transfersOf.get(order.transfer_group) ?? []
    const matched = new Set()
    for (const artistOrder of artistOrdersOf.get(order.id) ?? []) {
      const mine = orderTransfers.filter(
        (t) => t.metadata?.artist_order_id === artistOrder.id || String(t.idempotency_key).endsWith(artistOrder.id)
      )
      for (const t of mine) matched.add(t.id)
      const live = mine.filter((t) => t.amount - t.amount_reversed > 0)
      const account = connected[artistOrder.organization_id]
      const expected = expectedPayoutCents(artistOrder.subtotal_cents)
      const key = `transfer:${artistOrder.id}`
      if (artistOrder.payout_cents !== expected) {
        violations.push(violation(5, `payout:${artistOrder.id}`, `${label}: payout ${artistOrder.payout_cents} != 88 % = ${expected}`))
      }
      if (paid && account) {
        if (mine.length !== 1 || live.length !== 1) {
          violations.push(violation(5, key, `${label}: ${mine.length} transfers (${live.length} not reversed) for an artist order, expected 1`))
        } else if (live[0].amount !== expected || live[0].destination !== account) {
          violations.push(
            violation(5, key, `${label}: transfer ${live[0].amount} to ${live[0].destination}, expected ${expected} to ${account}`)
          )
        }
      } else if (live.length) {
        const why = paid ? "an organization without an account" : `a ${order.status} order`
        violations.push(violation(5, key, `${label}: ${live.length} transfers for ${why}`))
      }
    }
    const unmatched = orderTransfers.filter((t) => !matched.has(t.id))
    if (unmatched.length) {
      violations.push(violation(5, `unmatched:${order.id}`, `${label}: ${unmatched.length} transfers in its group for none of its artist orders`))
    }
    if (httpBaseUrl && httpTransfers === "checked" && orderTransfers.length + (paid ? 1 : 0) > 0) {
      const listed = await listTransfersOverHttp(httpBaseUrl, order.transfer_group)
      if (!listed.available) {
        httpTransfers = "absent"
      } else {
        const overHttp = listed.transfers.map((t) => `${t.id}:${t.amount}:${t.destination}`).sort().join(",")
        const inDb = orderTransfers.map((t) => `${t.id}:${t.amount}:${t.destination}`).sort().join(",")
        if (overHttp !== inDb) {
          violations.push(violation(5, `http:${order.id}`, `${label}: GET /api/sandbox/transfers lists [${overHttp}], the gateway holds [${inDb}]`))
        }
      }
    }
  }

  violations.push(...(await checkInventoryLevels(sql, inventoryItemIds)))
  return { violations, stats, httpTransfers }
}

/** `expected` rows, each sent (status success): a missing, a duplicate or an unsent (pending, failed) row is a violation. */
function checkSent(violations, key, what, rows, expected) {
  const sent = rows.filter((n) => n.status === "success").length
  const unsent = rows.length - sent
  if (sent !== expected || unsent > 0) {
    violations.push(violation(4, key, `${what}: ${sent} sent${unsent ? `, ${unsent} not sent (pending/failed)` : ""}, expected ${expected}`))
  }
}

/** Invariant 3 on the levels: reserved <= stocked, and the level's reserved quantity is what its reservations hold. */
export async function checkInventoryLevels(sql, inventoryItemIds) {
  if (!inventoryItemIds.length) return []
  const { rows } = await sql(
    `SELECT il.inventory_item_id, il.location_id, il.stocked_quantity::int AS stocked, il.reserved_quantity::int AS reserved,
            coalesce((SELECT sum(r.quantity) FROM reservation_item r
                       WHERE r.inventory_item_id = il.inventory_item_id AND r.location_id = il.location_id
                         AND r.deleted_at IS NULL), 0)::int AS held
       FROM inventory_level il WHERE il.inventory_item_id = ANY($1) AND il.deleted_at IS NULL`,
    [inventoryItemIds]
  )
  const violations = []
  for (const level of rows) {
    const where = `${level.inventory_item_id}@${level.location_id}`
    if (level.reserved > level.stocked) {
      violations.push(violation(3, `over:${where}`, `${where}: reserved ${level.reserved} > stocked ${level.stocked}`))
    }
    if (level.reserved !== level.held) {
      violations.push(violation(3, `level:${where}`, `${where}: level says ${level.reserved} reserved, its reservations hold ${level.held}`))
    }
  }
  return violations
}

function groupBy(list, keyOf) {
  const map = new Map()
  for (const item of list) {
    const key = keyOf(item)
    if (!map.has(key)) map.set(key, [])
    map.get(key).push(item)
  }
  return map
}

/**
 * Invariant 6 for the refund records of these gallery orders (docs/refunds.md): each record `succeeded`, with exactly
 * one provider refund under `refund-{id}` of its amount, exactly one reversal under `refund-reversal-{id}` of the
 * artist's share when its payout had been sent (none otherwise), and one `refund_reversal` ledger entry of that same
 * amount; no provider refund or reversal under a refund key without its record; per gallery order, never more refunded
 * than charged.
 */
export async function checkRefunds(sql, galleryOrderIds) {
  const violations = []
  if (!galleryOrderIds.length) return { violations, stats: { refunds: 0 } }
  const q = async (text, params) => (await sql(text, params)).rows
  const [records, providerRefunds, reversals, ledger, totals] = await Promise.all([
    q(
      `SELECT r.id, r.gallery_order_id, r.status, r.amount_cents, r.artist_share_cents, r.payout_action, o.payment_intent_id
         FROM gallery_refund r JOIN gallery_order o ON o.id = r.gallery_order_id
        WHERE r.gallery_order_id = ANY($1) AND r.deleted_at IS NULL`,
      [galleryOrderIds]
    ),
    q(
      `SELECT sr.idempotency_key, sr.amount FROM sandbox_refund sr
         JOIN gallery_order o ON o.payment_intent_id = sr.payment_intent_id
        WHERE o.id = ANY($1) AND sr.idempotency_key LIKE 'refund-gref%' AND sr.deleted_at IS NULL`,
      [galleryOrderIds]
    ),
    q(`SELECT idempotency_key, amount FROM sandbox_transfer_reversal WHERE idempotency_key LIKE 'refund-reversal-gref%' AND deleted_at IS NULL`),
    q(
      `SELECT refund_id, amount_cents, count(*) OVER (PARTITION BY refund_id)::int AS n FROM gallery_ledger_entry
        WHERE gallery_order_id = ANY($1) AND kind = 'refund_reversal' AND refund_id IS NOT NULL`,
      [galleryOrderIds]
    ),
    q(
      `SELECT o.id, o.total_cents, coalesce(sum(r.amount_cents), 0)::int AS refunded
         FROM gallery_order o LEFT JOIN gallery_refund r ON r.gallery_order_id = o.id AND r.deleted_at IS NULL
        WHERE o.id = ANY($1) GROUP BY o.id, o.total_cents`,
      [galleryOrderIds]
    ),
  ])
  const recordIds = new Set(records.map((r) => r.id))
  for (const record of records) {
    const label = `refund ${record.id}`
    if (record.status !== "succeeded") violations.push(violation(6, `status:${record.id}`, `${label}: ${record.status}`))
    const mine = providerRefunds.filter((p) => p.idempotency_key === `refund-${record.id}`)
    if (mine.length !== 1 || mine[0].amount !== record.amount_cents) {
      violations.push(violation(6, `provider:${record.id}`, `${label}: ${mine.length} provider refunds (${mine.map((m) => m.amount)}), expected one of ${record.amount_cents}`))
    }
    const reversed = reversals.filter((r) => r.idempotency_key === `refund-reversal-${record.id}`)
    const entries = ledger.filter((e) => e.refund_id === record.id)
    if (record.payout_action === "reversal") {
      if (reversed.length !== 1 || reversed[0].amount !== record.artist_share_cents) {
        violations.push(violation(6, `reversal:${record.id}`, `${label}: ${reversed.length} reversals, expected one of ${record.artist_share_cents}`))
      }
      if (entries.length !== 1 || entries[0].amount_cents !== (reversed[0]?.amount ?? -1)) {
        violations.push(violation(6, `ledger:${record.id}`, `${label}: ${entries.length} ledger reversals, expected one equal to the provider's`))
      }
    } else if (reversed.length || entries.length) {
      violations.push(violation(6, `reversal:${record.id}`, `${label}: reversed although its payout was not sent`))
    }
  }
  for (const p of providerRefunds) {
    if (!recordIds.has(p.idempotency_key.slice("refund-".length))) {
      violations.push(violation(6, `orphan:${p.idempotency_key}`, `provider refund ${p.idempotency_key} without its record`))
    }
  }
  for (const total of totals) {
    if (total.refunded > total.total_cents) {
      violations.push(violation(6, `over:${total.id}`, `gallery order ${total.id}: refunded ${total.refunded} of ${total.total_cents}`))
    }
  }
  return { violations, stats: { refunds: records.length } }
}

/**
 * Invariant 7 for the disputes of these gallery orders (docs/disputes.md): once the provider closed a dispute, Atelier
 * has it closed with the same outcome; a lost one's plan has each reversal made exactly once under
 * `dispute-reversal-{dispute}-{payout}` with its amount, and a `dispute_reversal` ledger entry of that amount; no payout
 * of the order is still held.
 */
export async function checkDisputes(sql, galleryOrderIds, storePaymentIds = []) {
  const violations = []
  if (!galleryOrderIds.length && !storePaymentIds.length) return { violations, stats: { disputes: 0, lost: 0 } }
  const q = async (text, params) => (await sql(text, params)).rows
  const [disputes, reversals, ledger, held] = await Promise.all([
    q(
      `SELECT d.id, d.provider_dispute_id, d.gallery_order_id, d.store_payment_id, d.status, d.outcome, d.loss_plan,
              sd.status AS provider_status
         FROM gallery_dispute d LEFT JOIN sandbox_dispute sd ON sd.id = d.provider_dispute_id
        WHERE d.gallery_order_id = ANY($1) OR d.store_payment_id = ANY($2)`,
      [galleryOrderIds, storePaymentIds]
    ),
    q(`SELECT idempotency_key, amount FROM sandbox_transfer_reversal WHERE idempotency_key LIKE 'dispute-reversal-%' AND deleted_at IS NULL`),
    q(
      `SELECT dispute_id, payout_id, store_payment_id, amount_cents FROM gallery_ledger_entry
        WHERE (gallery_order_id = ANY($1) OR store_payment_id = ANY($2)) AND kind = 'dispute_reversal'`,
      [galleryOrderIds, storePaymentIds]
    ),
    q(
      `SELECT p.gallery_order_id, count(*)::int AS n FROM gallery_payout p
         JOIN gallery_dispute d ON d.gallery_order_id = p.gallery_order_id AND d.closed_at IS NOT NULL
        WHERE p.gallery_order_id = ANY($1) AND p.held_at IS NOT NULL GROUP BY 1`,
      [galleryOrderIds]
    ),
  ])
  for (const dispute of disputes) {
    const label = `dispute ${dispute.provider_dispute_id}`
    const providerClosed = dispute.provider_status === "won" || dispute.provider_status === "lost"
    if (providerClosed && dispute.outcome !== dispute.provider_status) {
      violations.push(violation(7, `outcome:${dispute.id}`, `${label}: ${dispute.provider_status} at the provider, ${dispute.outcome ?? dispute.status} here`))
      continue
    }
    if (dispute.outcome !== "lost") continue
    if (dispute.store_payment_id && !Array.isArray(dispute.loss_plan)) {
      violations.push(violation(7, `plan:${dispute.id}`, `${label}: lost on store payment ${dispute.store_payment_id} without its stored plan`))
      continue
    }
    for (const item of dispute.loss_plan ?? []) {
      // A gallery payout's reversal, or a store payment's reversal of its destination transfer (docs/disputes.md).
      const record = item.action === "reversal" ? item.payout_id : item.action === "store_reversal" ? item.store_payment_id : null
      if (!record || item.amount_cents <= 0) continue
      const key = `dispute-reversal-${dispute.provider_dispute_id}-${record}`
      const made = reversals.filter((r) => r.idempotency_key === key)
      const entries = ledger.filter((e) =>
        e.dispute_id === dispute.id && (item.action === "reversal" ? e.payout_id === record : e.store_payment_id === record && !e.payout_id)
      )
      if (made.length !== 1 || made[0].amount !== item.amount_cents) {
        violations.push(violation(7, `reversal:${key}`, `${label}: ${made.length} reversals for ${record}, expected one of ${item.amount_cents}`))
      }
      if (entries.length !== 1 || entries[0].amount_cents !== item.amount_cents) {
        violations.push(violation(7, `ledger:${key}`, `${label}: ${entries.length} ledger reversals for ${record}`))
      }
    }
  }
  for (const row of held) violations.push(violation(7, `held:${row.gallery_order_id}`, `order ${row.gallery_order_id}: ${row.n} payouts still held after its dispute closed`))
  return { violations, stats: { disputes: disputes.length, lost: disputes.filter((d) => d.outcome === "lost").length } }
}
