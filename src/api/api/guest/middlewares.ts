import type { MiddlewareRoute } from "@medusajs/framework/http"
import { resolveOrganization } from "../../utils/access"
import { validateBody } from "../../utils/validation"
import { CreateGuestWorkspaceBody, PromoteGuestWorkspaceBody } from "./validators"

/**
 * Guest workspace lifecycle (docs/settings-and-guest-workspaces.md). Creating one acts for no organization yet;
 * promoting acts for the workspace (membership checked, an expired one refused by actFor). The member token is
 * checked by the family's guard (../middlewares.ts).
 */
export const guestMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/guest/workspaces", methods: ["POST"], middlewares: [validateBody(CreateGuestWorkspaceBody)] },
  {
    matcher: "/api/guest/promote",
    methods: ["POST"],
    middlewares: [validateBody(PromoteGuestWorkspaceBody), resolveOrganization()],
  },
]
