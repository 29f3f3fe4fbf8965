import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * POST /api/webhooks/payments: the signature covers the exact bytes Stripe sent, so the JSON body parser keeps
 * them (`req.rawBody`). No authentication: the signature is the credential.
 */
export const paymentWebhookMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/webhooks/payments", methods: ["POST"], bodyParser: { preserveRawBody: true, sizeLimit: "1mb" } },
]
