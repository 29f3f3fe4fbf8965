import { artistOrderAddressChangedMessages } from "../../../../lib/outbox"
import { ADDRESS, checkoutInput, OTHER_ADDRESS, paidOrder, type Suite } from "../gallery-fixtures"

/** The buyer's per-artist shipping address (addresses.ts): each change recorded and emailed once, or refused. */
export function addressCases({ service, db }: Suite) {
  const changes = () =>
    db.rows(
      `SELECT id, artist_order_id, previous_address, new_address, client_address, changed_at IS NOT NULL AS dated
       FROM gallery_artist_order_address_change ORDER BY changed_at`
    )
  const addressOf = async (artistOrderId: string) =>
    (await db.one(`SELECT shipping_address FROM gallery_artist_order WHERE id = ?`, [artistOrderId])).shipping_address
  const set = (publicId: string, organizationId: string, shippingAddress: Record<string, unknown>, clientAddress?: string | null) =>
    service.setArtistOrderShippingAddress({ publicId, organizationId, shippingAddress, clientAddress })

  it("records every change (previous and new address, client) and queues its email, in the same statement", async () => {
    const { input } = await paidOrder(service, ["org_a", "org_b"])
    const [a1, a2] = input.artist_orders

    expect(await set(input.public_id, "org_a", ADDRESS, "203.0.113.9")).toBe("updated")
    expect(await addressOf(a1.id)).toEqual(ADDRESS)
    expect(await addressOf(a2.id)).toBeNull() // the other artist's order is untouched
    const [first] = await changes()
    expect(first).toEqual({
      id: expect.stringMatching(/^aoac_/),
      artist_order_id: a1.id,
      previous_address: null,
      new_address: ADDRESS,
      client_address: "203.0.113.9",
      dated: true,
    })
    const expectedKeys = artistOrderAddressChangedMessages(first.id).map((m) => m.key)
    expect((await db.rows(`SELECT key, payload FROM gallery_outbox_message ORDER BY key`))).toEqual(
      expectedKeys.sort().map((key) => ({ key, payload: { id: first.id } }))
    )

    expect(await set(input.public_id, "org_a", OTHER_ADDRESS, "")).toBe("updated")
    const [, second] = await changes()
    expect(second).toMatchObject({ previous_address: ADDRESS, new_address: OTHER_ADDRESS, client_address: null })
    expect(await db.count("gallery_outbox_message")).toBe(2 * expectedKeys.length)
  })

  it("answers unchanged for the address the artist order has already, writing, recording and emailing nothing", async () => {
    const { input } = await paidOrder(service, ["org_a"])
    const id = input.artist_orders[0].id
    expect(await set(input.public_id, "org_a", ADDRESS)).toBe("updated")
    await db.execute(`UPDATE gallery_artist_order SET updated_at = now() - interval '1 day' WHERE id = ?`, [id])
    const counts = async () => [await db.count("gallery_artist_order_address_change"), await db.count("gallery_outbox_message")]
    const before = await counts()

    // The same address re-sent, its keys in another order (the comparison is of JSON values).
    const reordered = Object.fromEntries(Object.entries(ADDRESS).reverse())
    expect(await set(input.public_id, "org_a", reordered)).toBe("unchanged")
    expect(await counts()).toEqual(before)
    expect(
      (await db.one(`SELECT updated_at < now() - interval '1 hour' AS untouched FROM gallery_artist_order WHERE id = ?`, [id]))
        .untouched
    ).toBe(true)
  })

  it("refuses an unknown order or organization, a single-address order, a shipped artist order and a cancelled order", async () => {
    const single = checkoutInput(["org_a"], { shipping_option: "single_address", shipping_address: ADDRESS })
    await service.createCheckoutOrder(single)
    const shipped = await paidOrder(service, ["org_a", "org_b"])
    await service.shipArtistOrder({
      artistOrderId: shipped.input.artist_orders[0].id,
      organizationId: "org_a",
      trackingNumber: "T1",
      trackingUrl: "https://track.example/T1",
      carrier: null,
      outbox: [],
    })
    const cancelled = await paidOrder(service, ["org_a"])
    await service.markOrderCancelled(cancelled.input.id)

    expect(await set("GAL-UNKNOWN", "org_a", ADDRESS)).toBe("not_found")
    expect(await set(single.public_id, "org_z", ADDRESS)).toBe("not_found")
    expect(await set(single.public_id, "org_a", OTHER_ADDRESS)).toBe("single_address")
    expect(await set(shipped.input.public_id, "org_a", ADDRESS)).toBe("shipped")
    expect(await set(cancelled.input.public_id, "org_a", ADDRESS)).toBe("cancelled")
    expect(await db.count("gallery_artist_order_address_change")).toBe(0)
    expect(await db.count("gallery_outbox_message")).toBe(0)

    // The shipped order's other artist order can still change.
    expect(await set(shipped.input.public_id, "org_b", ADDRESS)).toBe("updated")
  })
}
