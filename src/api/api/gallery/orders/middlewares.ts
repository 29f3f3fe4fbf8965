import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../../../utils/validation"
import { ArtistAddressBody, ReturnRequestBody } from "./validators"

/** /api/gallery/orders/{publicId}[/addresses]: public, the public id (and for addresses the email) is the credential. */
export const galleryOrdersMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/gallery/orders/:publicId/addresses",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateBody(ArtistAddressBody)],
  },
  {
    matcher: "/api/gallery/orders/:publicId/returns",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateBody(ReturnRequestBody)],
  },
]
