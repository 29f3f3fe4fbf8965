import type { MiddlewareRoute } from "@medusajs/framework/http"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import { resolveObjectOrganization, resolveOrganization } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import { OrganizationContextQuery } from "../organizations/validators"
import { CreateSegmentBody, SEGMENT_MESSAGES, UpdateSegmentBody } from "./validators"

/** The organization of the segment named by the path: 404 unknown (or deleted), 403 another organization's. */
const segmentOrganization = () =>
  resolveObjectOrganization(
    async (req, id) => {
      const marketing: MarketingModuleService = req.scope.resolve(MARKETING_MODULE)
      const [segment] = await marketing.listSegments({ id }, { select: ["id", "organization_id"], take: 1 })
      return segment?.organization_id
    },
    { notFound: SEGMENT_MESSAGES.notFound, forbidden: SEGMENT_MESSAGES.forbidden }
  )

const BODY_LIMIT = { sizeLimit: "16kb" }

/** /api/segments* (creator dashboard; any member of the organization; docs/campaigns-and-email.md). */
export const segmentMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/segments", methods: ["GET"], middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization()] },
  {
    matcher: "/api/segments",
    methods: ["POST"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateBody(CreateSegmentBody), resolveOrganization()],
  },
  {
    matcher: "/api/segments/:id",
    methods: ["GET", "DELETE"],
    middlewares: [validateQuery(OrganizationContextQuery), segmentOrganization()],
  },
  {
    matcher: "/api/segments/:id",
    methods: ["PUT", "PATCH"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateQuery(OrganizationContextQuery), validateBody(UpdateSegmentBody), segmentOrganization()],
  },
]
