import { defineMiddlewares } from "@medusajs/framework/http"
import { adminApiMiddlewares } from "./api/admin/middlewares"
import { applicationMiddlewares } from "./api/middlewares"
import { atelierErrorHandler } from "./utils/error-response"

export default defineMiddlewares({
  errorHandler: atelierErrorHandler(),
  routes: [...adminApiMiddlewares, ...applicationMiddlewares],
})
