import { z } from "@medusajs/framework/zod"
import { isSafeText } from "../../../../lib/safe-text"
import { text } from "../../../utils/validation"
import { booleanField, booleanFromQuery, descriptionField, imageUrlField } from "../fields"

export const SPOTLIGHT_MESSAGES = {
  required: "Organization ID and title are required",
  titleEmpty: "Title cannot be empty",
  organizationIdEmpty: "Organization ID cannot be empty",
  notFound: "Spotlight not found",
} as const

export const MAX_TITLE_LENGTH = 200
const MAX_ID_LENGTH = 100

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i

/** An ISO 8601 date or date-time (a date alone is midnight UTC). */
function dateField(name: string) {
  const message = `${name} must be an ISO 8601 date-time`
  return z.unknown().transform((value, ctx): Date => {
    if (typeof value === "string" && value.length <= 64 && isSafeText(value) && ISO_DATE.test(value.trim())) {
      const date = new Date(value.trim())
      if (!Number.isNaN(date.getTime())) return date
    }
    ctx.addIssue({ code: "custom", message })
    return z.NEVER
  })
}

const titleField = (invalid: string) =>
  text(MAX_TITLE_LENGTH, { invalid, tooLong: `Title must be at most ${MAX_TITLE_LENGTH} characters` })

export type CreateSpotlightInput = {
  organization_id: string
  title: string
  description: string | null
  featured_image: string | null
  is_active: boolean
  published_at: Date
  expires_at: Date | null
}

const required = z.unknown().refine((value) => typeof value === "string" && value.trim() !== "", {
  message: SPOTLIGHT_MESSAGES.required,
})

/** POST /api/admin/spotlights: orgId and title required; isActive default true, publishedAt default now. */
export const CreateSpotlightBody = z
  .looseObject({ orgId: required, title: required })
  .pipe(
    z.object({
      orgId: text(MAX_ID_LENGTH, SPOTLIGHT_MESSAGES.required),
      title: titleField(SPOTLIGHT_MESSAGES.titleEmpty),
      description: descriptionField,
      featuredImage: imageUrlField(),
      isActive: booleanField("isActive").optional(),
      publishedAt: dateField("publishedAt").nullish(),
      expiresAt: dateField("expiresAt").nullish(),
    })
  )
  .transform(
    (body): CreateSpotlightInput => ({
      organization_id: body.orgId,
      title: body.title,
      description: body.description,
      featured_image: body.featuredImage,
      is_active: body.isActive ?? true,
      published_at: body.publishedAt ?? new Date(),
      expires_at: body.expiresAt ?? null,
    })
  )
export type CreateSpotlightBody = z.output<typeof CreateSpotlightBody>

export type UpdateSpotlightInput = Partial<CreateSpotlightInput>

/**
 * PATCH /api/admin/spotlights/{id}: any of title, description, isActive, expiresAt (null clears), featuredImage,
 * publishedAt, orgId. Fields not sent stay unchanged.
 */
export const UpdateSpotlightBody = z
  .object({
    orgId: text(MAX_ID_LENGTH, SPOTLIGHT_MESSAGES.organizationIdEmpty).optional(),
    title: titleField(SPOTLIGHT_MESSAGES.titleEmpty).optional(),
    description: descriptionField.optional(),
    featuredImage: imageUrlField().optional(),
    isActive: booleanField("isActive").optional(),
    publishedAt: dateField("publishedAt").optional(),
    expiresAt: dateField("expiresAt").nullable().optional(),
  })
  .transform((body): UpdateSpotlightInput => {
    const update: UpdateSpotlightInput = {}
    if (body.orgId !== undefined) update.organization_id = body.orgId
    if (body.title !== undefined) update.title = body.title
    if (body.description !== undefined) update.description = body.description
    if (body.featuredImage !== undefined) update.featured_image = body.featuredImage
    if (body.isActive !== undefined) update.is_active = body.isActive
    if (body.publishedAt !== undefined) update.published_at = body.publishedAt
    if (body.expiresAt !== undefined) update.expires_at = body.expiresAt
    return update
  })
export type UpdateSpotlightBody = z.output<typeof UpdateSpotlightBody>

/** GET /api/admin/spotlights query: is_active, current (true: only those visible now). */
export const AdminListSpotlightsQuery = z.strictObject({
  is_active: booleanFromQuery.optional(),
  current: booleanFromQuery.optional(),
})
export type AdminListSpotlightsQuery = z.infer<typeof AdminListSpotlightsQuery>
