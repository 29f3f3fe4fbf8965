import type { MiddlewareRoute } from "@medusajs/framework/http"
import { authenticate, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { MEMBER_ACTOR, requireMember, resolveOrganization } from "../utils/access"
import { CreateMemberBody } from "./members/validators"
import { CheckSlugQuery, CreateOrganizationBody } from "./organizations/validators"

/** /api/* creator-dashboard routes (members). */
export const applicationMiddlewares: MiddlewareRoute[] = [
  {
    // Registration: the token from /auth/member/emailpass/register has no member yet.
    matcher: "/api/members",
    methods: ["POST"],
    middlewares: [
      authenticate(MEMBER_ACTOR, ["bearer"], { allowUnregistered: true }),
      validateAndTransformBody(CreateMemberBody),
    ],
  },
  { matcher: "/api/members/me", methods: ["GET"], middlewares: [...requireMember()] },
  {
    matcher: "/api/organizations",
    methods: ["POST"],
    middlewares: [...requireMember(), validateAndTransformBody(CreateOrganizationBody)],
  },
  {
    matcher: "/api/organizations/check-slug",
    methods: ["GET"],
    middlewares: [...requireMember(), validateAndTransformQuery(CheckSlugQuery, {})],
  },
  { matcher: "/api/guest/status", methods: ["GET"], middlewares: [...requireMember(), resolveOrganization()] },
]
