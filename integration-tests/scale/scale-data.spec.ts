// The scale data set (bench/lib/scale-data.mjs, `npm run bench:data`) at `--scale tiny`: loaded twice with the same
// seed on two copies of one migrated and seeded database, then checked from the database and through the app's own
// queries (the gallery product list and the dashboard's order list, called as the routes call them): the counts of
// every kind, the skew of the artist orders, that one seed gives the same rows, and that a generated work and a
// generated order read as the app reads its own.
import knexFactory, { type Knex } from "knex"
import pg from "pg"
import { listGalleryProducts } from "../../src/queries/gallery-products"
import { getOrganizationOrder, listOrganizationOrders } from "../../src/queries/medusa/order-book"

jest.setTimeout(20 * 60_000)

type ScaleCounts = { artists: number; products: number; artistOrders: number; customers: number; subscribers: number; collections: number }
type ScaleModule = {
  SCALES: Record<string, number>
  TOP_ARTISTS: number
  TOP_ARTIST_SHARE: number
  scaleCounts(factor: number): ScaleCounts
  loadScaleData(url: string, options: { scale: string; seed: number; anchor: Date; root: string; log?: (m: string) => void }): Promise<{ counts: ScaleCounts }>
}
type DatabaseModule = {
  scratchDatabase(options: { prefix: string; testEnv?: boolean }): Promise<{ databaseUrl: string; stop(): Promise<void> }>
  ensureDatabase(url: string): Promise<void>
  dropDatabase(url: string): Promise<void>
}
type MedusaModule = { migrateAndSeed(root: string, url: string, options?: { quiet?: boolean }): Promise<void> }

const ROOT = require("node:path").resolve(__dirname, "../..")
const load = <T>(specifier: string): Promise<T> => import(specifier) as Promise<T>
const log = (message: string) => console.log(`[scale-data] ${message}`)
const ANCHOR = new Date("2026-06-01T12:00:00Z")
const SEED = 7

/**
 * md5 over the rows of a statement (ordered), as a fingerprint. Medusa rows copied from the order templates keep
 * the templates' own few-millisecond gaps between their timestamps (each load makes its templates anew), so the order
 * book is fingerprinted without its timestamps.
 */
const FINGERPRINTS: Record<string, string> = {
  organization: `SELECT id, name, slug, plan, gallery_approved FROM organization WHERE id LIKE 'org_sa%' ORDER BY id`,
  member: `SELECT id, email, first_name, last_name FROM member WHERE id LIKE 'mem_sa%' ORDER BY id`,
  product: `SELECT p.id, p.title, p.handle, p.description, p.status, p.created_at, pr.amount FROM product p
              JOIN product_variant v ON v.product_id = p.id JOIN product_variant_price_set pvps ON pvps.variant_id = v.id
              JOIN price pr ON pr.price_set_id = pvps.price_set_id WHERE p.id LIKE 'prod_sp%' ORDER BY p.id`,
  gallery_order: `SELECT * FROM gallery_order WHERE id LIKE 'gord_so%' ORDER BY id`,
  gallery_artist_order: `SELECT * FROM gallery_artist_order WHERE id LIKE 'aord_so%' ORDER BY id`,
  gallery_artist_order_item: `SELECT * FROM gallery_artist_order_item WHERE id LIKE 'aoi_so%' ORDER BY id`,
  order: `SELECT id, display_id, customer_id, sales_channel_id, email, status, metadata FROM "order" WHERE id LIKE 'order_so%' ORDER BY id`,
  // A line's own id is numbered within its template's rows (in the order their ids sort), not chosen by the seed.
  order_line_item: `SELECT metadata->>'artist_order_item_id' AS line, product_id, variant_id, title, unit_price FROM order_line_item
                      WHERE id LIKE 'ordli_so%' ORDER BY 1`,
  customer: `SELECT id, email FROM customer WHERE id LIKE 'cus_sc%' ORDER BY id`,
  newsletter_subscriber: `SELECT * FROM newsletter_subscriber WHERE id LIKE 'nsub_ss%' ORDER BY id`,
  gallery_collection: `SELECT id, slug, name, type, rules, manual_inclusions FROM gallery_collection WHERE id LIKE 'gcol_sl%' ORDER BY id`,
}

async function fingerprints(client: pg.Client): Promise<Record<string, string>> {
  const result: Record<string, string> = {}
  for (const [name, sql] of Object.entries(FINGERPRINTS)) {
    const { rows } = await client.query(`SELECT md5(coalesce(string_agg(t::text, '|'), '')) AS md5, count(*)::int AS n FROM (${sql}) t`)
    result[name] = `${rows[0].n}:${rows[0].md5}`
  }
  return result
}

describe("the scale data set (--scale tiny)", () => {
  let scale: ScaleModule
  let database: DatabaseModule
  let scratch: { databaseUrl: string; stop(): Promise<void> } | null = null
  let secondUrl: string | null = null
  let client: pg.Client
  let knex: Knex
  let counts: ScaleCounts

  beforeAll(async () => {
    scale = await load<ScaleModule>("../../bench/lib/scale-data.mjs")
    database = await load<DatabaseModule>("../../scripts/lib/database.mjs")
    const medusa = await load<MedusaModule>("../../scripts/lib/medusa.mjs")
    scratch = await database.scratchDatabase({ prefix: "scale_data_test", testEnv: true })
    let started = Date.now()
    await medusa.migrateAndSeed(ROOT, scratch.databaseUrl, { quiet: true })
    log(`migrated and seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    // A second copy of the seeded database, for the second load with the same seed.
    const second = new URL(scratch.databaseUrl)
    second.pathname = `${second.pathname}_b`
    secondUrl = second.toString()
    const admin = new URL(scratch.databaseUrl)
    admin.pathname = "/postgres"
    const adminClient = new pg.Client({ connectionString: admin.toString() })
    await adminClient.connect()
    await adminClient.query(
      `CREATE DATABASE ${adminClient.escapeIdentifier(second.pathname.slice(1))} TEMPLATE ${adminClient.escapeIdentifier(new URL(scratch.databaseUrl).pathname.slice(1))}`
    )
    await adminClient.end()
    for (const url of [scratch.databaseUrl, secondUrl]) {
      started = Date.now()
      const result = await scale.loadScaleData(url, { scale: "tiny", seed: SEED, anchor: ANCHOR, root: ROOT })
      counts = result.counts
      log(`loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    }
    client = new pg.Client({ connectionString: scratch.databaseUrl })
    await client.connect()
    knex = knexFactory({ client: "pg", connection: scratch.databaseUrl, pool: { min: 0, max: 2 } })
  })

  afterAll(async () => {
    await client?.end()
    await knex?.destroy()
    if (secondUrl) await database.dropDatabase(secondUrl).catch(() => {})
    await scratch?.stop()
  })

  const count = async (sql: string) => Number((await client.query(sql)).rows[0].n)

  it("has the sizes of `tiny`: artists, works, artist orders and their mirrors, customers, subscribers, collections", async () => {
    expect(counts).toEqual(scale.scaleCounts(scale.SCALES.tiny))
    expect(await count(`SELECT count(*) AS n FROM organization WHERE id LIKE 'org_sa%'`)).toBe(counts.artists)
    expect(await count(`SELECT count(*) AS n FROM membership WHERE organization_id LIKE 'org_sa%' AND role = 'owner'`)).toBe(counts.artists)
    expect(
      await count(`SELECT count(*) AS n FROM organization_organization_sales_channel_sales_channel WHERE organization_id LIKE 'org_sa%'`)
    ).toBe(counts.artists)
    expect(
      await count(`SELECT count(*) AS n FROM organization_organization_stock_location_stock_location WHERE organization_id LIKE 'org_sa%'`)
    ).toBe(counts.artists)
    expect(await count(`SELECT count(*) AS n FROM product WHERE id LIKE 'prod_sp%'`)).toBe(counts.products)
    expect(await count(`SELECT count(*) AS n FROM artist_product WHERE organization_id LIKE 'org_sa%'`)).toBe(counts.products)
    // Every work has its price, its stock at its artist's own location, and its artist's sales channel.
    expect(
      await count(`SELECT count(*) AS n FROM product p
                     JOIN product_variant v ON v.product_id = p.id
                     JOIN product_variant_price_set pvps ON pvps.variant_id = v.id
                     JOIN price pr ON pr.price_set_id = pvps.price_set_id AND pr.currency_code = 'usd'
                     JOIN product_variant_inventory_item pvii ON pvii.variant_id = v.id
                     JOIN inventory_level il ON il.inventory_item_id = pvii.inventory_item_id
                     JOIN organization_artist_product_product_product apl ON apl.product_id = p.id
                     JOIN artist_product ap ON ap.id = apl.artist_product_id
                     JOIN organization_organization_stock_location_stock_location osl
                       ON osl.organization_id = ap.organization_id AND osl.stock_location_id = il.location_id
                     JOIN organization_organization_sales_channel_sales_channel osc ON osc.organization_id = ap.organization_id
                     JOIN product_sales_channel psc ON psc.product_id = p.id AND psc.sales_channel_id = osc.sales_channel_id
                    WHERE p.id LIKE 'prod_sp%'`)
    ).toBe(counts.products)
    expect(await count(`SELECT count(*) AS n FROM gallery_artist_order WHERE id LIKE 'aord_so%'`)).toBe(counts.artistOrders)
    // Every paid artist order has its Medusa order, linked, in its artist's channel; none of the unpaid ones.
    const paid = await count(`SELECT count(*) AS n FROM gallery_artist_order WHERE id LIKE 'aord_so%' AND status <> 'pending'`)
    expect(paid).toBeGreaterThan(counts.artistOrders * 0.8)
    expect(
      await count(`SELECT count(*) AS n FROM gallery_gallery_artist_order_order_order l
                     JOIN gallery_artist_order ao ON ao.id = l.gallery_artist_order_id
                     JOIN "order" o ON o.id = l.order_id
                     JOIN organization_organization_sales_channel_sales_channel osc
                       ON osc.organization_id = ao.organization_id AND osc.sales_channel_id = o.sales_channel_id
                    WHERE ao.id LIKE 'aord_so%' AND ao.status <> 'pending'`)
    ).toBe(paid)
    expect(await count(`SELECT count(*) AS n FROM "order" WHERE id LIKE 'order_so%'`)).toBe(paid)
    // The templates the copies were made from are gone.
    expect(await count(`SELECT count(*) AS n FROM gallery_artist_order WHERE id LIKE 'aord_0SCA7EMP%'`)).toBe(0)
    expect(await count(`SELECT count(*) AS n FROM customer WHERE email LIKE 'scaletpl-%'`)).toBe(0)
    expect(await count(`SELECT count(*) AS n FROM customer WHERE id LIKE 'cus_sc%'`)).toBe(counts.customers)
    expect(await count(`SELECT count(*) AS n FROM newsletter_subscriber WHERE id LIKE 'nsub_ss%'`)).toBe(counts.subscribers)
    const { rows: types } = await client.query(
      `SELECT type, count(*)::int AS n FROM gallery_collection WHERE id LIKE 'gcol_sl%' GROUP BY type ORDER BY type`
    )
    expect(types).toEqual([
      { type: "hybrid", n: counts.collections / 3 },
      { type: "manual", n: counts.collections / 3 },
      { type: "smart", n: counts.collections / 3 },
    ])
  })

  it("skews the artist orders: the three top artists hold about 10 % each, the median artist far less", async () => {
    const { rows } = await client.query(
      `SELECT organization_id, count(*)::int AS n FROM gallery_artist_order WHERE id LIKE 'aord_so%' GROUP BY 1 ORDER BY n DESC`
    )
    const top = rows.filter((r) => ["org_sa1", "org_sa2", "org_sa3"].includes(r.organization_id)).map((r) => r.n)
    expect(top).toHaveLength(scale.TOP_ARTISTS)
    for (const n of top) {
      expect(n).toBeGreaterThan(counts.artistOrders * scale.TOP_ARTIST_SHARE * 0.7)
      expect(n).toBeLessThan(counts.artistOrders * scale.TOP_ARTIST_SHARE * 1.3)
    }
    const median = rows[Math.floor(rows.length / 2)].n
    expect(median).toBeLessThan(Math.min(...top) / 2)
  })

  it("gives the same rows for the same seed (two loads on two copies of one seeded database)", async () => {
    const second = new pg.Client({ connectionString: secondUrl as string })
    await second.connect()
    try {
      expect(await fingerprints(second)).toEqual(await fingerprints(client))
    } finally {
      await second.end()
    }
  })

  it("serves a generated work through the gallery product list as the app lists its own", async () => {
    const { rows } = await client.query(
      `SELECT p.id, p.title, pr.amount::float AS price, ap.product_type, o.id AS org_id, o.name AS org_name
         FROM product p
         JOIN product_variant v ON v.product_id = p.id JOIN product_variant_price_set pvps ON pvps.variant_id = v.id
         JOIN price pr ON pr.price_set_id = pvps.price_set_id
         JOIN organization_artist_product_product_product apl ON apl.product_id = p.id
         JOIN artist_product ap ON ap.id = apl.artist_product_id
         JOIN organization o ON o.id = ap.organization_id
        WHERE p.id LIKE 'prod_sp%' AND p.status = 'published' AND ap.gallery_eligible AND ap.archived_at IS NULL AND o.gallery_approved
        ORDER BY p.id LIMIT 1`
    )
    const work = rows[0]
    const { products, count: found } = await listGalleryProducts(knex, {
      eligibleOnly: true,
      q: work.title,
      org_id: work.org_id,
      product_type: work.product_type,
      price_min: work.price,
      price_max: work.price,
    })
    expect(found).toBeGreaterThanOrEqual(1)
    const listed = products.find((p) => p.id === work.id)
    expect(listed).toMatchObject({ id: work.id, name: work.title, price: work.price, product_type: work.product_type, org_id: work.org_id })
    expect(listed?.images.length).toBeGreaterThanOrEqual(1)
    expect(listed?.inventory).not.toBeNull()
    const all = await listGalleryProducts(knex, { eligibleOnly: true, limit: 1 })
    expect(all.count).toBeGreaterThan(counts.products * 0.7)
  })

  it("lists a top artist's generated orders in its dashboard order list, with their items, amounts and status", async () => {
    const organizationId = "org_sa1"
    const paid = await count(
      `SELECT count(*) AS n FROM gallery_artist_order WHERE organization_id = '${organizationId}' AND status <> 'pending'`
    )
    const { total, rows } = await listOrganizationOrders(knex, { organizationId, limit: 5, offset: 0 })
    expect(total).toBe(paid)
    expect(rows).toHaveLength(5)
    const newest = rows[0]
    const { rows: gallery } = await client.query(
      `SELECT ao.id, ao.status, ao.subtotal_cents, g.status AS gallery_status, g.email, g.public_id
         FROM gallery_gallery_artist_order_order_order l JOIN gallery_artist_order ao ON ao.id = l.gallery_artist_order_id
         JOIN gallery_order g ON g.id = ao.gallery_order_id WHERE l.order_id = $1`,
      [newest.id]
    )
    expect(newest).toMatchObject({
      artist_order_id: gallery[0].id,
      gallery_public_id: gallery[0].public_id,
      email: gallery[0].email,
      status: gallery[0].gallery_status === "cancelled" ? "cancelled" : gallery[0].status,
    })
    // Medusa's amounts are the gallery's: the items' prices, no shipping (the generated artists have no rates).
    expect(Math.round(Number(newest.subtotal) * 100)).toBe(gallery[0].subtotal_cents)
    expect(Number(newest.shipping_cost)).toBe(0)
    // The newest first, by the time they were paid; Medusa's order numbers follow it.
    expect(rows.map((r) => new Date(r.created_at).getTime())).toEqual([...rows.map((r) => new Date(r.created_at).getTime())].sort((a, b) => b - a))
    expect(rows.map((r) => r.display_id)).toEqual([...rows.map((r) => r.display_id)].sort((a, b) => b - a))
    const delivered = await listOrganizationOrders(knex, { organizationId, status: "delivered", limit: 1, offset: 0 })
    expect(delivered.total).toBeGreaterThan(0)
    expect(delivered.rows[0]).toMatchObject({ status: "delivered", fulfilled: true, shipped: true, delivered: true })
    expect(Number(delivered.rows[0].paid_amount)).toBe(Number(delivered.rows[0].total))
    const detail = await getOrganizationOrder(knex, { organizationId, orderId: newest.id })
    expect(detail?.items?.length).toBeGreaterThanOrEqual(1)
  })
})
