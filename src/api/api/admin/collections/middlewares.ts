import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody, validateQuery } from "../../../utils/validation"
import {
  AddCollectionItemBody,
  AdminListCollectionsQuery,
  CreateCollectionBody,
  PreviewCollectionBody,
  ReorderCollectionItemsBody,
  UpdateCollectionBody,
} from "./validators"

/** /api/admin/collections* (administrators: checked by the /api/admin* entry before these). */
export const adminCollectionsMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/collections", methods: ["GET"], middlewares: [validateQuery(AdminListCollectionsQuery)] },
  { matcher: "/api/admin/collections", methods: ["POST"], middlewares: [validateBody(CreateCollectionBody)] },
  { matcher: "/api/admin/collections/preview", methods: ["POST"], middlewares: [validateBody(PreviewCollectionBody)] },
  { matcher: "/api/admin/collections/:id", methods: ["PATCH"], middlewares: [validateBody(UpdateCollectionBody)] },
  { matcher: "/api/admin/collections/:id/items", methods: ["POST"], middlewares: [validateBody(AddCollectionItemBody)] },
  {
    matcher: "/api/admin/collections/:id/items/reorder",
    methods: ["PATCH"],
    middlewares: [validateBody(ReorderCollectionItemsBody)],
  },
]
