import { defineMiddlewares, type MiddlewareRoute } from "@medusajs/framework/http"
import { adminApiMiddlewares } from "./api/admin/middlewares"
import { galleryMiddlewares } from "./api/gallery/middlewares"
import { applicationMiddlewares } from "./api/middlewares"
import { sandboxMiddlewares } from "./api/sandbox/middlewares"
import { paymentWebhookMiddlewares } from "./api/webhooks/payments/middlewares"
import { apiCors } from "./utils/cors"
import { atelierErrorHandler } from "./utils/error-response"
import { inputBackstop } from "./utils/validation"

const familyRoutes: MiddlewareRoute[] = [
  ...galleryMiddlewares,
  ...adminApiMiddlewares,
  ...paymentWebhookMiddlewares,
  ...sandboxMiddlewares,
  ...applicationMiddlewares,
]

export default defineMiddlewares({
  errorHandler: atelierErrorHandler(),
  routes: [
    // First, so that preflight requests are answered before authentication.
    { matcher: "/api*", middlewares: [apiCors()] },
    // No NUL or unpaired surrogate reaches a route that does not validate that input itself (validation.ts).
    { matcher: "/api*", middlewares: [inputBackstop(familyRoutes, { signedBodyPaths: ["/api/webhooks/payments"] })] },
    ...familyRoutes,
  ],
})
