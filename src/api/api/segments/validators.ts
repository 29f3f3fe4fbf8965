import { z } from "@medusajs/framework/zod"
import { ARTWORK_TYPES, ORDER_SOURCES } from "../../../lib/campaigns"
import { optionalText, text } from "../../utils/validation"

export const SEGMENT_MESSAGES = {
  nameInvalid: "name is required (a string of at most 200 characters)",
  filtersInvalid: "filters must be an object with ordered_since, ordered_before, total_spent_gte, product_type, source",
  dateInvalid: "must be an ISO 8601 date or date-time",
  rangeInvalid: "ordered_since must be before ordered_before",
  totalInvalid: "Enter an amount in US dollars of 0 or more, with at most two decimals (e.g. 100 or 49.99)",
  productTypeInvalid: `product_type must be one of: ${ARTWORK_TYPES.join(", ")}`,
  sourceInvalid: `source must be one of: ${ORDER_SOURCES.join(", ")}`,
  notFound: "Segment not found",
  forbidden: "You do not have access to this segment",
  inUse: "Segment is used by a campaign that has not been sent yet",
} as const

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** An ISO 8601 date or date-time (a date alone is midnight UTC), normalised to an ISO instant; null when absent. */
export function isoInstant(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)), { message })
    .transform((value) => new Date(value).toISOString())
    .nullish()
    .transform((value) => value ?? null)
}

const totalSpent = z
  .number({ error: SEGMENT_MESSAGES.totalInvalid })
  .finite({ error: SEGMENT_MESSAGES.totalInvalid })
  .min(0, { error: SEGMENT_MESSAGES.totalInvalid })
  .max(100_000_000, { error: SEGMENT_MESSAGES.totalInvalid })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { message: SEGMENT_MESSAGES.totalInvalid })
  .nullish()
  .transform((value) => value ?? null)

/** A segment's filters (src/lib/campaigns.ts SegmentFilters): every one optional, unknown keys refused. */
export const SegmentFiltersSchema = z
  .object(
    {
      ordered_since: isoInstant(`ordered_since ${SEGMENT_MESSAGES.dateInvalid}`),
      ordered_before: isoInstant(`ordered_before ${SEGMENT_MESSAGES.dateInvalid}`),
      total_spent_gte: totalSpent,
      product_type: z.enum(ARTWORK_TYPES, { error: SEGMENT_MESSAGES.productTypeInvalid }).nullish().transform((v) => v ?? null),
      source: z.enum(ORDER_SOURCES, { error: SEGMENT_MESSAGES.sourceInvalid }).nullish().transform((v) => v ?? null),
    },
    { error: SEGMENT_MESSAGES.filtersInvalid }
  )
  .strict()
  .refine((f) => !f.ordered_since || !f.ordered_before || f.ordered_since < f.ordered_before, {
    message: SEGMENT_MESSAGES.rangeInvalid,
    path: ["ordered_before"],
  })
export type SegmentFiltersInput = z.infer<typeof SegmentFiltersSchema>

const orgId = optionalText(100, "org_id must be a string of at most 100 characters")

/** POST /api/segments */
export const CreateSegmentBody = z
  .object({
    org_id: orgId,
    name: text(200, SEGMENT_MESSAGES.nameInvalid),
    filters: SegmentFiltersSchema.default({
      ordered_since: null,
      ordered_before: null,
      total_spent_gte: null,
      product_type: null,
      source: null,
    }),
  })
  .strict()
export type CreateSegmentBody = z.infer<typeof CreateSegmentBody>

/** PUT / PATCH /api/segments/{id}: what is given changes (filters as a whole). */
export const UpdateSegmentBody = z
  .object({ org_id: orgId, name: text(200, SEGMENT_MESSAGES.nameInvalid).optional(), filters: SegmentFiltersSchema.optional() })
  .strict()
export type UpdateSegmentBody = z.infer<typeof UpdateSegmentBody>
