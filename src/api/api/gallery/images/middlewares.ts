import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../../utils/validation"
import { ImageQuery } from "./validators"

/** /api/gallery/images: public, like the catalogue whose pictures they are. */
export const galleryImagesMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/images/*", methods: ["GET"], middlewares: [validateQuery(ImageQuery)] },
]
