import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * POST /api/webhooks/email: the Svix signature covers the exact bytes Resend sent, so the JSON body parser keeps
 * them (`req.rawBody`). No authentication: the signature is the credential.
 */
export const emailWebhookMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/webhooks/email", methods: ["POST"], bodyParser: { preserveRawBody: true, sizeLimit: "256kb" } },
]
