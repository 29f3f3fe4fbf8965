import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateAndTransformQuery } from "@medusajs/framework/http"
import { GalleryProductsQuery } from "./validators"

/** /api/gallery/products: public browsing. */
export const galleryProductsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/gallery/products",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(GalleryProductsQuery, {})],
  },
]
