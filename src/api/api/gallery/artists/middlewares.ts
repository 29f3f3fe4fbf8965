import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../../utils/validation"
import { GalleryArtistQuery } from "./validators"

/** /api/gallery/artists/{slug}: public, like the works it lists. */
export const galleryArtistsMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/artists/:slug", methods: ["GET"], middlewares: [validateQuery(GalleryArtistQuery)] },
]
