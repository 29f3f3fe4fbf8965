import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../../utils/validation"
import { GalleryCollectionsQuery } from "./validators"

/** /api/gallery/collections: public browsing. */
export const galleryCollectionsMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/collections", methods: ["GET"], middlewares: [validateQuery(GalleryCollectionsQuery)] },
]
