// `medusa exec ./bench/lib/scale-mirror-templates.ts` (run by bench/lib/scale-data.mjs, not by hand): what a paid
// gallery checkout and the order book do to the template artist orders named in SCALE_TEMPLATE_ARTIST_ORDERS
// (comma-separated; their gallery rows are already written): their stock reserved as the settlement reserves it
// (reserveSaleStock), then the app's own order-book sync (syncArtistOrderMirrors: mirror, payment records,
// cancellation, fulfilment, shipment, delivery). The scale data set then copies the Medusa rows these mirrors got,
// so that a generated order has exactly the shape the app writes.
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { syncArtistOrderMirrors } from "../../src/processes/order-book/sync"
import { reserveSaleStock } from "../../src/workflows/common/stock"

type TemplateLine = { id: string; gallery_order_id: string; public_id: string; quantity: number; inventory_item_id: string }

export default async function mirrorTemplates({ container }: Pick<ExecArgs, "container">) {
  const ids = (process.env.SCALE_TEMPLATE_ARTIST_ORDERS ?? "").split(",").filter(Boolean)
  if (!ids.length) throw new Error("SCALE_TEMPLATE_ARTIST_ORDERS names no artist order")
  const pg: Knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = (await pg.raw(
    `SELECT i.id, g.id AS gallery_order_id, g.public_id, i.quantity, pvii.inventory_item_id
       FROM gallery_artist_order_item i
       JOIN gallery_artist_order ao ON ao.id = i.artist_order_id
       JOIN gallery_order g ON g.id = ao.gallery_order_id
       JOIN product_variant_inventory_item pvii ON pvii.variant_id = i.variant_id AND pvii.deleted_at IS NULL
      WHERE ao.id = ANY(?::text[]) ORDER BY ao.id, i.id`,
    [ids]
  )) as { rows: TemplateLine[] }
  const orders = new Map<string, TemplateLine[]>()
  for (const row of rows) orders.set(row.gallery_order_id, [...(orders.get(row.gallery_order_id) ?? []), row])
  for (const [galleryOrderId, lines] of orders) {
    const reserved = await reserveSaleStock(
      container,
      lines.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        inventory: [{ inventory_item_id: line.inventory_item_id, required_quantity: 1, line_reserved: 0 }],
      })),
      {
        externalId: galleryOrderId,
        description: `Gallery order ${lines[0].public_id}`,
        metadata: { gallery_order_id: galleryOrderId, public_id: lines[0].public_id },
      }
    )
    if (!reserved) throw new Error(`no stock for the template order ${galleryOrderId}`)
  }
  const mirrors = await syncArtistOrderMirrors(container, ids)
  const missing = ids.filter((id) => !mirrors[id])
  if (missing.length) throw new Error(`no mirror for ${missing.join(", ")}`)
  console.log(`SCALE_MIRRORS ${JSON.stringify(mirrors)}`)
}
