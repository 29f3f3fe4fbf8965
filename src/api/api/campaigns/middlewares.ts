import type { MiddlewareRoute } from "@medusajs/framework/http"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import { requireOwner, resolveObjectOrganization, resolveOrganization } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import { OrganizationContextQuery } from "../organizations/validators"
import { CAMPAIGN_MESSAGES, CreateCampaignBody, ListCampaignsQuery, SendCampaignBody, TestCampaignBody } from "./validators"

/** The organization of the campaign named by the path: 404 unknown, 403 another organization's. */
const campaignOrganization = () =>
  resolveObjectOrganization(
    async (req, id) => {
      const marketing: MarketingModuleService = req.scope.resolve(MARKETING_MODULE)
      const [campaign] = await marketing.listCampaigns({ id }, { select: ["id", "organization_id"], take: 1 })
      return campaign?.organization_id
    },
    { notFound: CAMPAIGN_MESSAGES.notFound, forbidden: CAMPAIGN_MESSAGES.forbidden }
  )

/**
 * /api/campaigns* (creator dashboard; docs/campaigns-and-email.md): any member of the organization reads, drafts,
 * previews and tests (to their own address); only owners send (an email to every customer is the owner's call).
 */
export const campaignMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/campaigns", methods: ["GET"], middlewares: [validateQuery(ListCampaignsQuery), resolveOrganization()] },
  {
    matcher: "/api/campaigns",
    methods: ["POST"],
    // Room for the content's 200,000 characters, JSON-escaped.
    bodyParser: { sizeLimit: "1mb" },
    middlewares: [validateBody(CreateCampaignBody), resolveOrganization()],
  },
  {
    matcher: "/api/campaigns/:id",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), campaignOrganization()],
  },
  {
    matcher: "/api/campaigns/:id/preview",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), campaignOrganization()],
  },
  {
    // Any member: the test goes to the member's own address only.
    matcher: "/api/campaigns/:id/test-send",
    methods: ["POST"],
    bodyParser: { sizeLimit: "4kb" },
    middlewares: [validateQuery(OrganizationContextQuery), validateBody(TestCampaignBody), campaignOrganization()],
  },
  {
    matcher: "/api/campaigns/:id/send",
    methods: ["POST"],
    bodyParser: { sizeLimit: "4kb" },
    middlewares: [
      validateQuery(OrganizationContextQuery),
      validateBody(SendCampaignBody),
      campaignOrganization(),
      requireOwner(CAMPAIGN_MESSAGES.ownersOnly),
    ],
  },
]
