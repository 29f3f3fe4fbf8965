import { defineMiddlewares, type MiddlewareRoute } from "@medusajs/framework/http"
import { adminApiMiddlewares } from "./api/admin/middlewares"
import { galleryMiddlewares } from "./api/gallery/middlewares"
import { applicationMiddlewares } from "./api/middlewares"
import { sandboxMiddlewares } from "./api/sandbox/middlewares"
import { emailWebhookMiddlewares } from "./api/webhooks/email/middlewares"
import { paymentWebhookMiddlewares } from "./api/webhooks/payments/middlewares"
import { apiCors } from "./utils/cors"
import { authRateLimit } from "./utils/auth-rate-limit"
import { passwordRule } from "./utils/password-rule"
import { applicationRateLimit } from "./utils/rate-limit"
import { platformMiddlewares } from "./v1/middlewares"
import { atelierErrorHandler } from "./utils/error-response"
import { inputBackstop } from "./utils/validation"
import { serveUiApp } from "./utils/ui-static"
import { noStoreUnlessPublic, withoutPoweredBy } from "./utils/response-headers"
import { requestMetrics } from "./utils/request-metrics"
import { httpServerForShutdown } from "./utils/shutdown-bound"
import { requestLog } from "./utils/request-log"

const familyRoutes: MiddlewareRoute[] = [
  ...galleryMiddlewares,
  ...adminApiMiddlewares,
  ...paymentWebhookMiddlewares,
  ...emailWebhookMiddlewares,
  ...sandboxMiddlewares,
  ...applicationMiddlewares,
  ...platformMiddlewares,
]

export default defineMiddlewares({
  errorHandler: atelierErrorHandler(),
  routes: [
    // Every request gets its id (X-Request-Id, echoed), its context and its log line (docs/operations.md, "Logs").
    { matcher: "*", middlewares: [requestLog()] },
    // Every request timed by route family and status class (docs/operations.md): one histogram observation each.
    { matcher: "*", middlewares: [requestMetrics()] },
    // SIGTERM's bound on in-flight requests closes this server's connections (docs/operations.md, "Stopping").
    { matcher: "*", middlewares: [httpServerForShutdown()] },
    { matcher: "*", middlewares: [withoutPoweredBy()] },
    // First, so that preflight requests are answered before authentication.
    { matcher: "/api*", middlewares: [apiCors()] },
    { matcher: /^\/(?:sandbox\/)?v1(?=\/|$)/i, middlewares: [apiCors()] },
    // Personal and organization data is never kept by a browser or a proxy (the public catalogue may be).
    { matcher: "/api*", middlewares: [noStoreUnlessPublic()] },
    { matcher: /^\/(?:sandbox\/)?v1(?=\/|$)/i, middlewares: [noStoreUnlessPublic()] },
    // Spec 8's application limits (the platform API under /api/v1 has its own, per organization and plan).
    { matcher: "/api*", middlewares: [applicationRateLimit()] },
    // Every new password (registration, reset) meets Atelier's rule; a refused one is not counted by the limits below.
    { matcher: "/auth*", middlewares: [passwordRule()] },
    // Medusa's own login, registration, reset-password and token refresh routes, per client IP and per account.
    { matcher: "/auth*", middlewares: [authRateLimit()] },
    // No NUL or unpaired surrogate reaches a route that does not validate that input itself (validation.ts).
    { matcher: "/api*", middlewares: [inputBackstop(familyRoutes, { signedBodyPaths: ["/api/webhooks/payments", "/api/webhooks/email"] })] },
    ...familyRoutes,
    // The gallery storefront (apps/gallery, docs/storefront-ui.md), a single-page app beside the API.
    { matcher: "/gallery", middlewares: [serveUiApp("gallery")] },
    // The artist dashboard (apps/dashboard, docs/artist-dashboard.md).
    { matcher: "/dashboard", middlewares: [serveUiApp("dashboard")] },
  ],
})
