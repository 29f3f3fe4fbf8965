import { z } from "@medusajs/framework/zod"
import { FULFILMENT_MESSAGES } from "../../../lib/gallery-fulfilment"
import { DASHBOARD_ORDERS_DEFAULT_PER_PAGE, DASHBOARD_ORDERS_MAX_PER_PAGE, ORDER_BOOK_STATUSES, type OrderBookStatus } from "../../../lib/order-book"
import { firstQueryValue, optionalText } from "../../utils/validation"
import { carrierField, trackingNumberField } from "../gallery/artist/orders/validators"

export const ORDER_ROUTE_MESSAGES = {
  organizationIdInvalid: "Organization ID must be a string of at most 100 characters",
  invalidStatus: `Invalid status: use ${ORDER_BOOK_STATUSES.join(", ")}`,
  invalidPage: "Page must be a whole number of at least 1",
  invalidPerPage: `per_page must be a whole number from 1 to ${DASHBOARD_ORDERS_MAX_PER_PAGE}`,
  invalidSearch: "Search must be a string of at most 200 characters",
  invalidCustomer: "customer_id must be a string of at most 100 characters",
  invalidDays: "days must be a whole number from 1 to 365",
  orderNotFound: FULFILMENT_MESSAGES.orderNotFound,
  forbidden: FULFILMENT_MESSAGES.forbidden,
} as const

const orgId = optionalText(100, ORDER_ROUTE_MESSAGES.organizationIdInvalid)

/** A whole number query parameter from `min` to `max`; blank -> `fallback`; anything else -> 400 `message`. */
function wholeParam(fallback: number, min: number, max: number, message: string) {
  return z.unknown().transform((raw, ctx) => {
    const value = firstQueryValue(raw)
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return fallback
    const textValue = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : ""
    const n = /^-?\d+$/.test(textValue) ? Number(textValue) : NaN
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message })
      return z.NEVER
    }
    return n
  })
}

const statusParam = z.unknown().transform((raw, ctx): OrderBookStatus | null => {
  const value = firstQueryValue(raw)
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null
  const wanted = typeof value === "string" ? value.trim().toLowerCase() : ""
  if (!(ORDER_BOOK_STATUSES as readonly string[]).includes(wanted)) {
    ctx.addIssue({ code: "custom", message: ORDER_ROUTE_MESSAGES.invalidStatus })
    return z.NEVER
  }
  return wanted as OrderBookStatus
})

const queryText = (max: number, message: string) =>
  z.unknown().transform((raw) => firstQueryValue(raw)).pipe(optionalText(max, message).optional())

/** GET /api/dashboard/orders: status, search, page (default 1), per_page (default 20, 1..100). */
export const DashboardOrdersQuery = z.object({
  org_id: orgId,
  status: statusParam,
  search: queryText(200, ORDER_ROUTE_MESSAGES.invalidSearch),
  page: wholeParam(1, 1, 1_000_000, ORDER_ROUTE_MESSAGES.invalidPage),
  per_page: wholeParam(DASHBOARD_ORDERS_DEFAULT_PER_PAGE, 1, DASHBOARD_ORDERS_MAX_PER_PAGE, ORDER_ROUTE_MESSAGES.invalidPerPage),
})
export type DashboardOrdersQuery = z.output<typeof DashboardOrdersQuery>

/** GET /api/orders: status, customer_id (a Medusa customer id), limit (default 50, 1..100), offset. */
export const OrdersQuery = z.object({
  org_id: orgId,
  status: statusParam,
  customer_id: queryText(100, ORDER_ROUTE_MESSAGES.invalidCustomer),
  limit: wholeParam(50, 1, 100, "limit must be a whole number from 1 to 100"),
  offset: wholeParam(0, 0, 1_000_000_000, "offset must be a whole number of at least 0"),
})
export type OrdersQuery = z.output<typeof OrdersQuery>

/** `?org_id=` of the routes on one order (the order's organization; one given must be it). */
export const OrderQuery = z.object({ org_id: orgId })

/**
 * POST /api/orders/{id}/ship `{carrier, tracking_number}`: the gallery ship route's rules (tracking number required,
 * at most 100 characters, a whole number accepted as its digits; carrier UPS, USPS, FedEx or an https tracking URL,
 * blank meaning none).
 */
export const OrderShipBody = z.object({
  tracking_number: trackingNumberField,
  carrier: carrierField,
  org_id: orgId,
})
export type OrderShipBody = z.output<typeof OrderShipBody>

/** GET /api/analytics: days default 30, 1..365. */
export const OrderAnalyticsQuery = z.object({
  org_id: orgId,
  days: wholeParam(30, 1, 365, ORDER_ROUTE_MESSAGES.invalidDays),
})
export type OrderAnalyticsQuery = z.output<typeof OrderAnalyticsQuery>
