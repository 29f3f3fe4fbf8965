import {
  ARTIST_ORDERS_DEFAULT_LIMIT,
  ARTIST_ORDERS_MAX_LIMIT,
  FULFILMENT_MESSAGES,
} from "../../lib/gallery-fulfilment"
import {
  ARTIST_ORDER_MESSAGES,
  ArtistOrdersListQuery,
  ShipBody,
  StatusBody,
} from "../api/gallery/artist/orders/validators"
import { messageOf, outcome } from "./parse-outcome"

const ORG = { org_id: "org_1" }

describe("ArtistOrdersListQuery", () => {
  it("requires org_id, given once", async () => {
    for (const query of [{}, { org_id: "" }, { org_id: " " }, { org_id: ["a", "b"] }, { org_id: "x".repeat(101) }, { org_id: "o\u0000" }]) {
      expect(await messageOf(ArtistOrdersListQuery, query)).toBe("Organization ID required")
    }
  })

  it("defaults to every paid status, limit 50, offset 0", async () => {
    expect(await outcome(ArtistOrdersListQuery, ORG)).toEqual({
      ok: true,
      value: { org_id: "org_1", status: null, limit: ARTIST_ORDERS_DEFAULT_LIMIT, offset: 0 },
    })
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, status: "", limit: " ", offset: "" })).toMatchObject({
      ok: true,
      value: { status: null, limit: 50, offset: 0 },
    })
  })

  it.each(["paid", "processing", "shipped", "delivered", "SHIPPED", " paid "])("accepts status %p", async (status) => {
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, status })).toMatchObject({
      ok: true,
      value: { status: status.trim().toLowerCase(), limit: 50, offset: 0 },
    })
  })

  it.each(["pending", "cancelled", "partially_shipped", "all", 3])("refuses status %p", async (status) => {
    expect(await messageOf(ArtistOrdersListQuery, { ...ORG, status })).toBe(FULFILMENT_MESSAGES.invalidListStatus)
  })

  it("caps the limit to 100 and keeps smaller limits", async () => {
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, limit: "1000" })).toMatchObject({ value: { limit: ARTIST_ORDERS_MAX_LIMIT } })
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, limit: "101" })).toMatchObject({ value: { limit: 100 } })
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, limit: "100" })).toMatchObject({ value: { limit: 100 } })
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, limit: "1" })).toMatchObject({ value: { limit: 1 } })
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, limit: 7 })).toMatchObject({ value: { limit: 7 } })
  })

  it.each(["0", "-1", "2.5", "abc", "1e2", "99999999999999999999"])("refuses limit %p", async (limit) => {
    expect(await messageOf(ArtistOrdersListQuery, { ...ORG, limit })).toBe(FULFILMENT_MESSAGES.invalidLimit)
  })

  it("reads offsets of 0 and more", async () => {
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, offset: "0" })).toMatchObject({ value: { offset: 0 } })
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, offset: "250" })).toMatchObject({ value: { offset: 250 } })
    expect(await messageOf(ArtistOrdersListQuery, { ...ORG, offset: "-1" })).toBe(FULFILMENT_MESSAGES.invalidOffset)
    expect(await messageOf(ArtistOrdersListQuery, { ...ORG, offset: "x" })).toBe(FULFILMENT_MESSAGES.invalidOffset)
  })

  it("uses the first of repeated parameters", async () => {
    expect(await outcome(ArtistOrdersListQuery, { ...ORG, status: ["shipped", "paid"], limit: ["5", "10"] })).toMatchObject({
      ok: true,
      value: { status: "shipped", limit: 5, offset: 0 },
    })
  })
})

describe("ShipBody", () => {
  it("requires a tracking number", async () => {
    for (const body of [undefined, null, [], {}, { trackingNumber: "" }, { trackingNumber: "   " }, { trackingNumber: {} }, { trackingNumber: "1\u0000" }]) {
      expect(await messageOf(ShipBody, body)).toBe("Tracking number required")
    }
  })

  it("trims the number and the carrier; a blank carrier is none", async () => {
    expect(await outcome(ShipBody, { trackingNumber: " 1Z999 ", carrier: " UPS " })).toEqual({
      ok: true,
      value: { trackingNumber: "1Z999", carrier: "UPS", org_id: null },
    })
    expect(await outcome(ShipBody, { trackingNumber: "123", carrier: "  " })).toMatchObject({ value: { carrier: null } })
    expect(await outcome(ShipBody, { trackingNumber: "123", carrier: null })).toMatchObject({ value: { carrier: null } })
  })

  it("accepts a whole number as its digits", async () => {
    expect(await outcome(ShipBody, { trackingNumber: 94001 })).toMatchObject({ ok: true, value: { trackingNumber: "94001" } })
    expect(await messageOf(ShipBody, { trackingNumber: 1.5 })).toBe("Tracking number required")
  })

  it("refuses over-long values and a non-string carrier", async () => {
    expect(await messageOf(ShipBody, { trackingNumber: "x".repeat(101) })).toBe(FULFILMENT_MESSAGES.trackingNumberTooLong)
    expect(await messageOf(ShipBody, { trackingNumber: "x".repeat(100) })).toBeNull()
    expect(await messageOf(ShipBody, { trackingNumber: "1", carrier: 5 })).toBe(FULFILMENT_MESSAGES.carrierInvalid)
    expect(await messageOf(ShipBody, { trackingNumber: "1", carrier: `https://x.example/${"c".repeat(500)}` })).toBe(
      FULFILMENT_MESSAGES.carrierInvalid
    )
  })

  it("accepts a custom carrier's https URL and refuses any other custom value", async () => {
    expect(await outcome(ShipBody, { trackingNumber: "1", carrier: "https://parcels.example/t/1" })).toMatchObject({
      value: { carrier: "https://parcels.example/t/1" },
    })
    for (const carrier of ["javascript:alert(1)", "data:text/html,x", "http://parcels.example/t/1", "/t/1", "DHL"]) {
      expect(await messageOf(ShipBody, { trackingNumber: "1", carrier })).toBe(ARTIST_ORDER_MESSAGES.carrierNotAccepted)
    }
  })

  it("takes an optional org_id", async () => {
    expect(await outcome(ShipBody, { trackingNumber: "1", org_id: "org_1" })).toMatchObject({ value: { org_id: "org_1" } })
    expect(await messageOf(ShipBody, { trackingNumber: "1", org_id: ["org_1"] })).toBe(ARTIST_ORDER_MESSAGES.organizationIdInvalid)
  })
})

describe("StatusBody", () => {
  it("requires a status and normalises it", async () => {
    expect(await messageOf(StatusBody, {})).toBe(FULFILMENT_MESSAGES.statusRequired)
    expect(await messageOf(StatusBody, { status: 1 })).toBe(FULFILMENT_MESSAGES.statusRequired)
    expect(await outcome(StatusBody, { status: " Delivered " })).toEqual({ ok: true, value: { status: "delivered", org_id: null } })
  })
})
