import type { MiddlewareRoute } from "@medusajs/framework/http"
import { requireMember, resolveOrganization } from "../../../utils/access"

// Artist routes (spec 4.8): a member token (401 without, 403 for an administrator), then org_id given explicitly
// (query, or body for POST: 400 Organization ID required) and the member's membership of it (403 otherwise).
const artist = () => [...requireMember(), resolveOrganization({ explicit: true })]

/** /api/gallery/artist/orders*: the artist's gallery orders, shipping and status changes. */
export const galleryArtistMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/artist/orders", methods: ["GET"], middlewares: artist() },
  {
    matcher: "/api/gallery/artist/orders/:id/ship",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: artist(),
  },
  {
    matcher: "/api/gallery/artist/orders/:id/status",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: artist(),
  },
]
