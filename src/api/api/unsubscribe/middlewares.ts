import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * /api/unsubscribe/{token}: public (the signed token is the credential). Mail clients send the one-click POST as a
 * form (`List-Unsubscribe=One-Click`, RFC 8058); its content is not needed, so any small body is accepted.
 */
export const unsubscribeMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/unsubscribe/:token", methods: ["POST"], bodyParser: { sizeLimit: "4kb" } },
]
