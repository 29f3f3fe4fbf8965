import { entityId } from "../../../../lib/entity-id"
import { rejection, type Suite } from "../gallery-fixtures"

type ProductState = { status?: string; eligible?: boolean; approved?: boolean; archived?: boolean; deleted?: boolean; linked?: boolean }

/** The cart (cart.ts): add with its eligibility rules, set, remove, the 1..99 bound, session activity and expiry. */
export function cartCases({ service, db }: Suite) {
  /** A product in the stub tables, eligible for the gallery unless told otherwise. */
  async function product(state: ProductState = {}): Promise<string> {
    const [id, org, artistProduct] = [entityId("prod"), entityId("org"), entityId("ap")]
    await db.execute(`INSERT INTO organization (id, gallery_approved) VALUES (?, ?)`, [org, state.approved ?? true])
    await db.execute(
      `INSERT INTO artist_product (id, organization_id, gallery_eligible, archived_at)
       VALUES (?, ?, ?, ${state.archived ? "now()" : "NULL"})`,
      [artistProduct, org, state.eligible ?? true]
    )
    await db.execute(`INSERT INTO product (id, status, deleted_at) VALUES (?, ?, ${state.deleted ? "now()" : "NULL"})`, [
      id,
      state.status ?? "published",
    ])
    if (state.linked ?? true) {
      await db.execute(
        `INSERT INTO organization_artist_product_product_product (id, artist_product_id, product_id) VALUES (?, ?, ?)`,
        [entityId("link"), artistProduct, id]
      )
    }
    return id
  }

  async function added(sessionId: string, productId: string, quantity = 1) {
    const result = await service.addCartItem({ sessionId, productId, quantity })
    if (result.outcome !== "added") throw new Error(`expected added, got ${result.outcome}`)
    return result.item
  }

  const quantityOf = async (itemId: string) =>
    (await db.one(`SELECT quantity FROM gallery_cart_item WHERE id = ?`, [itemId]))?.quantity
  /** Whether the row's last activity is older than an hour (after ageing every row a day). */
  const isStale = async (itemId: string) =>
    (await db.one(`SELECT updated_at < now() - interval '1 hour' AS stale FROM gallery_cart_item WHERE id = ?`, [itemId]))
      .stale
  const ageEveryRow = () => db.execute(`UPDATE gallery_cart_item SET updated_at = now() - interval '1 day'`)

  it("adds an eligible product as a new row, and merges a second add of it into that row", async () => {
    const [sessionId, productId] = [crypto.randomUUID(), await product()]
    const first = await added(sessionId, productId, 2)
    expect(first).toEqual({ id: expect.stringMatching(/^gci_/), product_id: productId, quantity: 2, session_id: sessionId })

    const second = await added(sessionId, productId, 3)
    expect(second).toEqual({ ...first, quantity: 5 })
    expect(await db.count("gallery_cart_item")).toBe(1)
    // Another session gets its own row.
    expect((await added(crypto.randomUUID(), productId, 1)).id).not.toBe(first.id)
  })

  it("caps a merged quantity at 99; the table refuses a row outside 1..99", async () => {
    const sessionId = crypto.randomUUID()
    const productId = await product()
    await added(sessionId, productId, 60)
    expect((await added(sessionId, productId, 60)).quantity).toBe(99)
    expect((await added(sessionId, productId, 99)).quantity).toBe(99)

    const other = await product()
    for (const quantity of [0, 100]) {
      const error = await rejection(service.addCartItem({ sessionId, productId: other, quantity }))
      expect(String(error.message)).toContain("gallery_cart_item_quantity_range")
    }
    expect(await db.count("gallery_cart_item", "product_id = ?", [other])).toBe(0)
  })

  it("answers not_found for an unknown or deleted product and ineligible with the product's state, writing nothing", async () => {
    const sessionId = crypto.randomUUID()
    const add = async (productId: string) => service.addCartItem({ sessionId, productId, quantity: 1 })

    expect(await add("prod_missing")).toEqual({ outcome: "not_found" })
    expect(await add(await product({ deleted: true }))).toEqual({ outcome: "not_found" })
    const cases: [ProductState, { is_active: boolean; gallery_eligible: boolean; org_gallery_approved: boolean }][] = [
      [{ status: "draft" }, { is_active: false, gallery_eligible: true, org_gallery_approved: true }],
      [{ archived: true }, { is_active: false, gallery_eligible: true, org_gallery_approved: true }],
      [{ eligible: false }, { is_active: true, gallery_eligible: false, org_gallery_approved: true }],
      [{ approved: false }, { is_active: true, gallery_eligible: true, org_gallery_approved: false }],
      [{ linked: false }, { is_active: false, gallery_eligible: false, org_gallery_approved: false }],
    ]
    for (const [state, expected] of cases) {
      expect(await add(await product(state))).toEqual({ outcome: "ineligible", product: expected })
    }
    expect(await db.count("gallery_cart_item")).toBe(0)
  })

  it("sets a quantity within 1..99, only on the session's own item", async () => {
    const sessionId = crypto.randomUUID()
    const item = await added(sessionId, await product(), 1)

    expect(await service.setCartItemQuantity({ sessionId, itemId: item.id, quantity: 7 })).toEqual({ ...item, quantity: 7 })
    expect(await service.setCartItemQuantity({ sessionId: crypto.randomUUID(), itemId: item.id, quantity: 3 })).toBeNull()
    expect(await service.setCartItemQuantity({ sessionId, itemId: "gci_missing", quantity: 3 })).toBeNull()
    for (const quantity of [0, 100]) {
      const error = await rejection(service.setCartItemQuantity({ sessionId, itemId: item.id, quantity }))
      expect(String(error.message)).toContain("gallery_cart_item_quantity_range")
    }
    expect(await quantityOf(item.id)).toBe(7)
    expect((await service.setCartItemQuantity({ sessionId, itemId: item.id, quantity: 99 }))?.quantity).toBe(99)
  })

  it("removes the session's item by deleting its row; a second remove, or another session's, finds nothing", async () => {
    const sessionId = crypto.randomUUID()
    const item = await added(sessionId, await product(), 4)

    expect(await service.removeCartItem({ sessionId: crypto.randomUUID(), itemId: item.id })).toBeNull()
    expect(await db.count("gallery_cart_item")).toBe(1)
    expect(await service.removeCartItem({ sessionId, itemId: item.id })).toEqual(item)
    expect(await db.count("gallery_cart_item")).toBe(0) // no soft-deleted row left behind
    expect(await service.removeCartItem({ sessionId, itemId: item.id })).toBeNull()
  })

  it("stamps the session's other rows with every write's activity, and no other session's", async () => {
    const [sessionId, otherSession] = [crypto.randomUUID(), crypto.randomUUID()]
    const a = await added(sessionId, await product())
    const b = await added(sessionId, await product())
    const elsewhere = await added(otherSession, await product())

    await ageEveryRow()
    await service.setCartItemQuantity({ sessionId, itemId: a.id, quantity: 2 })
    expect([await isStale(b.id), await isStale(elsewhere.id)]).toEqual([false, true])

    await ageEveryRow()
    await added(sessionId, await product())
    expect([await isStale(a.id), await isStale(b.id), await isStale(elsewhere.id)]).toEqual([false, false, true])

    await ageEveryRow()
    await service.removeCartItem({ sessionId, itemId: a.id })
    expect([await isStale(b.id), await isStale(elsewhere.id)]).toEqual([false, true])

    // A write that finds nothing stamps nothing.
    await ageEveryRow()
    expect(await service.setCartItemQuantity({ sessionId, itemId: "gci_missing", quantity: 2 })).toBeNull()
    expect(await isStale(b.id)).toBe(true)
  })

  it("expires whole sessions inactive past the cutoff (30 days by default), keeping a session with a recent row", async () => {
    const [idle, active] = [crypto.randomUUID(), crypto.randomUUID()]
    await added(idle, await product())
    await added(idle, await product())
    const oldItem = await added(active, await product())
    await db.execute(`UPDATE gallery_cart_item SET updated_at = now() - interval '31 days' WHERE session_id = ? OR id = ?`, [
      idle,
      oldItem.id,
    ])
    await added(active, await product()) // stamps oldItem too (session activity)
    await db.execute(`UPDATE gallery_cart_item SET updated_at = now() - interval '31 days' WHERE id = ?`, [oldItem.id])

    expect(await service.deleteExpiredCartItems()).toBe(2)
    expect(await db.count("gallery_cart_item", "session_id = ?", [idle])).toBe(0)
    expect(await db.count("gallery_cart_item", "session_id = ?", [active])).toBe(2)

    expect(await service.deleteExpiredCartItems({ cutoff: new Date(Date.now() + 3_600_000) })).toBe(2)
    expect(await db.count("gallery_cart_item")).toBe(0)
  })
}
