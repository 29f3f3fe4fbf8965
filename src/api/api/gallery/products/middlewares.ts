import type { MiddlewareRoute } from "@medusajs/framework/http"

export const galleryProductsMiddlewares: MiddlewareRoute[] = []
