import { z } from "@medusajs/framework/zod"
import { GALLERY_ORDER_STATUSES } from "../../../../lib/gallery-order-status"
import { optionalText } from "../../../utils/validation"

export const GALLERY_ORDER_LIST_MESSAGES = {
  status: `status must be one of: ${GALLERY_ORDER_STATUSES.join(", ")}`,
  q: "q must be a string of at most 100 characters",
  limit: "limit must be a whole number from 1 to 100",
  offset: "offset must be a whole number, 0 or more",
} as const

/** GET /api/admin/gallery-orders query: status, q (public id or email), limit (default 20, at most 100), offset. */
export const AdminListGalleryOrdersQuery = z.strictObject({
  status: z.enum(GALLERY_ORDER_STATUSES, { error: GALLERY_ORDER_LIST_MESSAGES.status }).optional(),
  q: optionalText(100, GALLERY_ORDER_LIST_MESSAGES.q),
  limit: z.coerce
    .number({ error: GALLERY_ORDER_LIST_MESSAGES.limit })
    .int({ error: GALLERY_ORDER_LIST_MESSAGES.limit })
    .min(1, { error: GALLERY_ORDER_LIST_MESSAGES.limit })
    .max(100, { error: GALLERY_ORDER_LIST_MESSAGES.limit })
    .default(20),
  offset: z.coerce
    .number({ error: GALLERY_ORDER_LIST_MESSAGES.offset })
    .int({ error: GALLERY_ORDER_LIST_MESSAGES.offset })
    .min(0, { error: GALLERY_ORDER_LIST_MESSAGES.offset })
    .max(1_000_000, { error: GALLERY_ORDER_LIST_MESSAGES.offset })
    .default(0),
})
export type AdminListGalleryOrdersQuery = z.output<typeof AdminListGalleryOrdersQuery>
