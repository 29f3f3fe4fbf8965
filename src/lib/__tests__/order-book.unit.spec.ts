import {
  countsAsRevenue,
  dashboardPagination,
  derivedOrderId,
  galleryMirrorMetadata,
  isCompletedStatus,
  isOpenStatus,
  orderBookPaymentStatus,
  orderBookStatus,
  orderShipments,
  orderSourceOf,
  orderStatusFacts,
  toMedusaAddress,
  type OrderStatusFacts,
} from "../order-book"

const store = (over: Partial<Extract<OrderStatusFacts, { source: "store" }>> = {}): OrderStatusFacts => ({
  source: "store",
  medusaStatus: "pending",
  paidAmount: 0,
  total: 50,
  fulfilled: false,
  shipped: false,
  delivered: false,
  ...over,
})

describe("order book rules", () => {
  it("marks a mirror and reads the source back", () => {
    expect(galleryMirrorMetadata({ publicId: "GAL-1", galleryOrderId: "gord_1", artistOrderId: "aord_1" })).toEqual({
      source: "gallery",
      gallery_public_id: "GAL-1",
      gallery_order_id: "gord_1",
      artist_order_id: "aord_1",
    })
    expect(orderSourceOf({ source: "gallery" })).toBe("gallery")
    expect(orderSourceOf({ source: "store" })).toBe("store")
    expect(orderSourceOf(null)).toBe("store")
    expect(orderSourceOf({ source: "GALLERY" })).toBe("store")
  })

  it("derives a Medusa order id from the id of what it records, the same every time", () => {
    expect(derivedOrderId("aord_01KAB3XYZ")).toBe("order_01KAB3XYZ")
    expect(derivedOrderId("spay_01KAB3XYZ")).toBe("order_01KAB3XYZ")
    expect(derivedOrderId("aord_01KAB3XYZ")).toBe(derivedOrderId("aord_01KAB3XYZ"))
    expect(derivedOrderId("aord_01KAB3XYZ")).not.toBe(derivedOrderId("aord_01KAB3XYA"))
  })

  it("maps a gallery address to a Medusa address", () => {
    expect(
      toMedusaAddress({ name: "  Ada  de Collector ", line1: "1 Road", line2: null, city: "Portland", state: "OR", postal_code: "97201", country: "US" })
    ).toEqual({
      first_name: "Ada de",
      last_name: "Collector",
      address_1: "1 Road",
      address_2: "",
      city: "Portland",
      province: "OR",
      postal_code: "97201",
      country_code: "us",
    })
    expect(toMedusaAddress({ name: "Cher" })).toMatchObject({ first_name: "Cher", last_name: "" })
    expect(toMedusaAddress(null)).toBeNull()
  })

  it("derives a gallery order's status from its artist order, cancelled from the parent", () => {
    expect(orderBookStatus({ source: "gallery", artistStatus: "paid", galleryStatus: "paid" })).toBe("paid")
    expect(orderBookStatus({ source: "gallery", artistStatus: "shipped", galleryStatus: "partially_shipped" })).toBe("shipped")
    expect(orderBookStatus({ source: "gallery", artistStatus: "paid", galleryStatus: "cancelled" })).toBe("cancelled")
    expect(orderBookPaymentStatus({ source: "gallery", artistStatus: "paid", galleryStatus: "cancelled" })).toBe("refunded")
    expect(orderBookPaymentStatus({ source: "gallery", artistStatus: "pending", galleryStatus: "pending" })).toBe("pending")
    expect(orderBookPaymentStatus({ source: "gallery", artistStatus: "delivered", galleryStatus: "delivered" })).toBe("paid")
  })

  it("derives a store order's status from Medusa's order, payments and fulfilments", () => {
    expect(orderBookStatus(store())).toBe("pending")
    expect(orderBookStatus(store({ paidAmount: 50 }))).toBe("paid")
    expect(orderBookStatus(store({ paidAmount: 0, total: 0 }))).toBe("paid")
    expect(orderBookStatus(store({ paidAmount: 50, fulfilled: true }))).toBe("processing")
    expect(orderBookStatus(store({ fulfilled: true, shipped: true }))).toBe("shipped")
    expect(orderBookStatus(store({ fulfilled: true, shipped: true, delivered: true }))).toBe("delivered")
    expect(orderBookStatus(store({ medusaStatus: "canceled", shipped: true }))).toBe("cancelled")
    expect(orderBookPaymentStatus(store())).toBe("pending")
    expect(orderBookPaymentStatus(store({ paidAmount: 50 }))).toBe("paid")
    expect(orderBookPaymentStatus(store({ paidAmount: 50, medusaStatus: "canceled" }))).toBe("refunded")
    expect(orderBookPaymentStatus(store({ medusaStatus: "canceled" }))).toBe("pending")
  })

  it("reads the facts of a row: a mirror's from its gallery rows, any other order's from Medusa", () => {
    const row = {
      is_gallery: true,
      artist_status: "paid" as const,
      gallery_status: "cancelled" as const,
      medusa_status: "pending",
      // A mirror whose payment the order book has not recorded yet: nothing transacted in Medusa.
      paid_amount: "0",
      total: "69.98",
      fulfilled: false,
      shipped: false,
      delivered: false,
    }
    expect(orderStatusFacts(row)).toEqual({ source: "gallery", artistStatus: "paid", galleryStatus: "cancelled" })
    expect(orderBookPaymentStatus(orderStatusFacts(row))).toBe("refunded")
    expect(orderBookPaymentStatus(orderStatusFacts({ ...row, gallery_status: "paid" }))).toBe("paid")
    // A store order, or a row that lost its gallery context, reads Medusa's figures.
    expect(orderStatusFacts({ ...row, is_gallery: false, paid_amount: "69.98", medusa_status: "canceled" })).toEqual({
      source: "store",
      medusaStatus: "canceled",
      paidAmount: 69.98,
      total: 69.98,
      fulfilled: false,
      shipped: false,
      delivered: false,
    })
    expect(orderBookPaymentStatus(orderStatusFacts({ ...row, is_gallery: false, paid_amount: "69.98", medusa_status: "canceled" }))).toBe("refunded")
    expect(orderStatusFacts({ ...row, artist_status: null })).toMatchObject({ source: "store" })
  })

  it("shows a gallery order's shipment from the gallery's record, a store order's from Medusa's fulfilments", () => {
    const gallery = { carrier: "UPS", tracking_number: "1Z9", tracking_url: "https://x/1Z9", shipped_at: "2026-01-02T00:00:00.000Z", delivered_at: null }
    const medusa = { ...gallery, shipped_at: "2026-01-02T00:00:02.000Z" }
    // Shipped a moment ago: Medusa's fulfilment is not written yet, the view still shows the tracking number.
    expect(orderShipments({ fulfilments: [], galleryShipment: gallery })).toEqual([gallery])
    expect(orderShipments({ fulfilments: [medusa], galleryShipment: gallery })).toEqual([gallery])
    expect(orderShipments({ fulfilments: [], galleryShipment: { ...gallery, carrier: null, tracking_number: null, tracking_url: null, shipped_at: null } })).toEqual([])
    expect(orderShipments({ fulfilments: [medusa], galleryShipment: null })).toEqual([medusa])
    expect(orderShipments({ fulfilments: [], galleryShipment: null })).toEqual([])
  })

  it("classifies statuses for analytics", () => {
    expect(["pending", "paid", "processing", "shipped", "delivered", "cancelled"].map((s) => [
      countsAsRevenue(s as never),
      isCompletedStatus(s as never),
      isOpenStatus(s as never),
    ])).toEqual([
      [false, false, true],
      [true, false, true],
      [true, false, true],
      [true, true, false],
      [true, true, false],
      [false, false, false],
    ])
  })

  it("paginates", () => {
    expect(dashboardPagination(0, 1, 20)).toEqual({ total: 0, page: 1, per_page: 20, total_pages: 0 })
    expect(dashboardPagination(41, 3, 20)).toEqual({ total: 41, page: 3, per_page: 20, total_pages: 3 })
  })
})
