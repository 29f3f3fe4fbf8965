import { z } from "@medusajs/framework/zod"
import { asBody, booleanFromQuery, invalid, nonEmptyString, parseBoolean, parseDescription, parseImageUrl } from "../body-parsing"

export { MAX_DESCRIPTION_LENGTH } from "../body-parsing"

// Bodies are read by hand (exact messages, unknown extra fields ignored); query strings use zod (middlewares.ts).

export const SPOTLIGHT_MESSAGES = {
  required: "Organization ID and title are required",
  titleEmpty: "Title cannot be empty",
  notFound: "Spotlight not found",
} as const

export const MAX_TITLE_LENGTH = 200

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i

/** An ISO 8601 date or date-time (a date alone is midnight UTC). */
function parseDate(value: unknown, field: string): Date {
  if (typeof value === "string" && ISO_DATE.test(value.trim())) {
    const date = new Date(value.trim())
    if (!Number.isNaN(date.getTime())) return date
  }
  throw invalid(`${field} must be an ISO 8601 date-time`)
}

function parseTitle(value: unknown): string {
  const title = nonEmptyString(value)
  if (!title) throw invalid(SPOTLIGHT_MESSAGES.titleEmpty)
  if (title.length > MAX_TITLE_LENGTH) throw invalid(`Title must be at most ${MAX_TITLE_LENGTH} characters`)
  return title
}

export type CreateSpotlightInput = {
  organization_id: string
  title: string
  description: string | null
  featured_image: string | null
  is_active: boolean
  published_at: Date
  expires_at: Date | null
}

/** POST /api/admin/spotlights: orgId and title required; isActive default true, publishedAt default now. */
export function parseCreateSpotlightBody(raw: unknown, now: Date = new Date()): CreateSpotlightInput {
  const body = asBody(raw)
  const organizationId = nonEmptyString(body.orgId)
  if (!organizationId || !nonEmptyString(body.title)) throw invalid(SPOTLIGHT_MESSAGES.required)
  return {
    organization_id: organizationId,
    title: parseTitle(body.title),
    description: parseDescription(body.description),
    featured_image: parseImageUrl(body.featuredImage),
    is_active: body.isActive === undefined ? true : parseBoolean(body.isActive, "isActive"),
    published_at: body.publishedAt === undefined || body.publishedAt === null ? now : parseDate(body.publishedAt, "publishedAt"),
    expires_at: body.expiresAt === undefined || body.expiresAt === null ? null : parseDate(body.expiresAt, "expiresAt"),
  }
}

export type UpdateSpotlightInput = Partial<CreateSpotlightInput>

/** PATCH /api/admin/spotlights/{id}: any of title, description, isActive, expiresAt (null clears), featuredImage,
 * publishedAt, orgId. */
export function parseUpdateSpotlightBody(raw: unknown): UpdateSpotlightInput {
  const body = asBody(raw)
  const update: UpdateSpotlightInput = {}
  if (body.orgId !== undefined) {
    const organizationId = nonEmptyString(body.orgId)
    if (!organizationId) throw invalid("Organization ID cannot be empty")
    update.organization_id = organizationId
  }
  if (body.title !== undefined) update.title = parseTitle(body.title)
  if (body.description !== undefined) update.description = parseDescription(body.description)
  if (body.featuredImage !== undefined) update.featured_image = parseImageUrl(body.featuredImage)
  if (body.isActive !== undefined) update.is_active = parseBoolean(body.isActive, "isActive")
  if (body.publishedAt !== undefined) {
    if (body.publishedAt === null) throw invalid("publishedAt must be an ISO 8601 date-time")
    update.published_at = parseDate(body.publishedAt, "publishedAt")
  }
  if (body.expiresAt !== undefined) {
    update.expires_at = body.expiresAt === null ? null : parseDate(body.expiresAt, "expiresAt")
  }
  return update
}

/** GET /api/admin/spotlights query: is_active, current (true: only those visible now). */
export const AdminListSpotlightsQuery = z.object({
  is_active: booleanFromQuery.optional(),
  current: booleanFromQuery.optional(),
})
export type AdminListSpotlightsQuery = z.infer<typeof AdminListSpotlightsQuery>
