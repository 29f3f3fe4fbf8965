import type { MiddlewareRoute } from "@medusajs/framework/http"
import { requireOwner, resolveOrganization } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import { OrganizationContextQuery } from "../organizations/validators"
import { AccountSettingsBody, NotificationSettingsBody, ReturnSettingsBody, StorefrontSettingsBody } from "./validators"

export const SETTINGS_OWNER_ONLY = "Only organization owners can change settings"

const BODIES = {
  storefront: StorefrontSettingsBody,
  account: AccountSettingsBody,
  notifications: NotificationSettingsBody,
  // The return window (docs/returns.md): its own route, on the organization's record.
  returns: ReturnSettingsBody,
}

/**
 * /api/settings/{storefront,account,notifications}: any member of the organization reads them, only its owners
 * change them (403 for a plain member). The member token is checked by the family's guard (../middlewares.ts).
 */
export const settingsMiddlewares: MiddlewareRoute[] = Object.entries(BODIES).flatMap(([kind, body]) => [
  {
    matcher: `/api/settings/${kind}`,
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization()],
  },
  {
    matcher: `/api/settings/${kind}`,
    methods: ["PUT"],
    bodyParser: { sizeLimit: "64kb" },
    middlewares: [validateBody(body), resolveOrganization(), requireOwner(SETTINGS_OWNER_ONLY)],
  },
])
