import type { MiddlewareRoute } from "@medusajs/framework/http"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../../modules/platform"
import { requireOwner, resolveObjectOrganization, resolveOrganization } from "../../../utils/access"
import { validateBody, validateQuery } from "../../../utils/validation"
import { OrganizationContextQuery } from "../../organizations/validators"
import { API_KEY_MESSAGES, CreateApiKeyBody } from "./validators"

const ownersOnly = requireOwner(API_KEY_MESSAGES.ownersOnly)

/** The organization of the key named by the path (revocation): 404 unknown, 403 another organization's. */
const keyOrganization = resolveObjectOrganization(
  async (req, id) => {
    const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
    const [key] = await platform.listPlatformApiKeys({ id }, { take: 1, select: ["id", "organization_id"] })
    return key?.organization_id
  },
  { notFound: API_KEY_MESSAGES.notFound, forbidden: API_KEY_MESSAGES.forbidden }
)

/**
 * /api/settings/api-keys: the organization's platform API keys, owners only (the member token is checked by the
 * family's guard). The key value appears once, in the creation's answer.
 */
export const apiKeyMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/settings/api-keys",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/settings/api-keys",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateBody(CreateApiKeyBody), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/settings/api-keys/:id",
    methods: ["DELETE"],
    middlewares: [validateQuery(OrganizationContextQuery), keyOrganization, ownersOnly],
  },
]
