import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody, validateQuery } from "../../../utils/validation"
import { AdminListSpotlightsQuery, CreateSpotlightBody, UpdateSpotlightBody } from "./validators"

/** /api/admin/spotlights* (administrators: checked by the /api/admin* entry before these). */
export const adminSpotlightsMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/spotlights", methods: ["GET"], middlewares: [validateQuery(AdminListSpotlightsQuery)] },
  { matcher: "/api/admin/spotlights", methods: ["POST"], middlewares: [validateBody(CreateSpotlightBody)] },
  { matcher: "/api/admin/spotlights/:id", methods: ["PATCH"], middlewares: [validateBody(UpdateSpotlightBody)] },
]
