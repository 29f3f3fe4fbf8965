import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../../utils/validation"
import { GalleryProductsQuery } from "./validators"

/** /api/gallery/products: public browsing. */
export const galleryProductsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/gallery/products",
    methods: ["GET"],
    middlewares: [validateQuery(GalleryProductsQuery)],
  },
]
