import type { MiddlewareRoute } from "@medusajs/framework/http"
import { getOrderOrganizationId } from "../../../queries/medusa/order-book"
import { REFUND_MESSAGES } from "../../../lib/refunds"
import { RETURN_MESSAGES } from "../../../lib/returns"
import { requireOwner, resolveObjectOrganization, resolveOrganization } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import {
  DashboardOrdersQuery,
  OrderAnalyticsQuery,
  OrderQuery,
  OrderShipBody,
  ORDER_ROUTE_MESSAGES,
  OrdersQuery,
} from "./validators"
import { RefundBody } from "./[id]/refunds/validators"
import { AcceptReturnBody, ReceiveReturnBody, RefuseReturnBody } from "./[id]/returns/validators"

/** Routes on one Medusa order take its organization from the order's sales channel (404 unknown, 403 not a member). */
const orderOrganization = () =>
  resolveObjectOrganization((req, id) => getOrderOrganizationId(req.scope, id), {
    notFound: ORDER_ROUTE_MESSAGES.orderNotFound,
    forbidden: ORDER_ROUTE_MESSAGES.forbidden,
  })

/** The organization's order book (docs/order-book.md): /api/orders, /api/dashboard/orders, /api/analytics. */
export const orderBookMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/orders", methods: ["GET"], middlewares: [validateQuery(OrdersQuery), resolveOrganization()] },
  { matcher: "/api/orders/:id", methods: ["GET"], middlewares: [validateQuery(OrderQuery), orderOrganization()] },
  {
    matcher: "/api/orders/:id/ship",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateQuery(OrderQuery), validateBody(OrderShipBody), orderOrganization()],
  },
  {
    matcher: "/api/orders/:id/refunds",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateQuery(OrderQuery), validateBody(RefundBody), orderOrganization(), requireOwner(REFUND_MESSAGES.ownersOnly)],
  },
  { matcher: "/api/orders/:id/refunds", methods: ["GET"], middlewares: [validateQuery(OrderQuery), orderOrganization()] },
  { matcher: "/api/orders/:id/returns", methods: ["GET"], middlewares: [validateQuery(OrderQuery), orderOrganization()] },
  ...(
    [
      ["accept", AcceptReturnBody],
      ["refuse", RefuseReturnBody],
      ["receive", ReceiveReturnBody],
    ] as const
  ).map(([step, body]) => ({
    matcher: `/api/orders/:id/returns/:returnId/${step}`,
    methods: ["POST" as const],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateQuery(OrderQuery), validateBody(body), orderOrganization(), requireOwner(RETURN_MESSAGES.ownersOnly)],
  })),
  {
    matcher: "/api/dashboard/orders",
    methods: ["GET"],
    middlewares: [validateQuery(DashboardOrdersQuery), resolveOrganization()],
  },
  { matcher: "/api/dashboard/orders/:id", methods: ["GET"], middlewares: [validateQuery(OrderQuery), orderOrganization()] },
  { matcher: "/api/analytics", methods: ["GET"], middlewares: [validateQuery(OrderAnalyticsQuery), resolveOrganization()] },
]
