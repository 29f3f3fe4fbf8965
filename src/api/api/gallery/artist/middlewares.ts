import type { MiddlewareRoute } from "@medusajs/framework/http"
import { requireMember, resolveArtistOrderOrganization, resolveOrganization } from "../../../utils/access"
import { validateBody, validateQuery } from "../../../utils/validation"
import { ArtistAnalyticsQuery } from "./analytics/validators"
import { ArtistOrderQuery, ArtistOrdersListQuery, ShipBody, StatusBody } from "./orders/validators"

/**
 * /api/gallery/artist/* (spec 4.8). ONE entry guards every route of the family, including any added later: a member
 * token (401 without, 403 for an administrator). Mounted as a path prefix (`app.use`), so it covers
 * `/api/gallery/artist` and everything below it but not the public artist pages, `/api/gallery/artists/{slug}`. Then each route validates its input and finds the organization:
 * the orders list and analytics need `org_id` explicitly (400 Organization ID required) and membership of it (403);
 * ship and status take the organization from the order (404 / 403, see resolveArtistOrderOrganization).
 */
export const galleryArtistMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/artist", middlewares: [...requireMember()] },
  {
    matcher: "/api/gallery/artist/orders",
    methods: ["GET"],
    middlewares: [validateQuery(ArtistOrdersListQuery), resolveOrganization({ explicit: true })],
  },
  {
    matcher: "/api/gallery/artist/orders/:id/ship",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateQuery(ArtistOrderQuery), validateBody(ShipBody), resolveArtistOrderOrganization()],
  },
  {
    matcher: "/api/gallery/artist/orders/:id/status",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateQuery(ArtistOrderQuery), validateBody(StatusBody), resolveArtistOrderOrganization()],
  },
  {
    matcher: "/api/gallery/artist/analytics",
    methods: ["GET"],
    middlewares: [validateQuery(ArtistAnalyticsQuery), resolveOrganization({ explicit: true })],
  },
]
