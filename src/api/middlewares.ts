import { defineMiddlewares } from "@medusajs/framework/http"
import { adminApiMiddlewares } from "./api/admin/middlewares"
import { galleryMiddlewares } from "./api/gallery/middlewares"
import { applicationMiddlewares } from "./api/middlewares"
import { atelierErrorHandler } from "./utils/error-response"

export default defineMiddlewares({
  errorHandler: atelierErrorHandler(),
  routes: [...galleryMiddlewares, ...adminApiMiddlewares, ...applicationMiddlewares],
})
