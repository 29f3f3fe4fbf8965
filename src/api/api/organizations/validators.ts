import { z } from "@medusajs/framework/zod"
import { isValidSlug } from "../../../lib/slug"
import { optionalText, text } from "../../utils/validation"

const SLUG_MESSAGE = "Slug must be lowercase letters and digits separated by hyphens"
const slug = text(100, SLUG_MESSAGE, { trim: false }).refine(isValidSlug, { message: SLUG_MESSAGE })

/** POST /api/organizations: a name and a slug. */
export const CreateOrganizationBody = z
  .object({ name: text(200, "Name is required (at most 200 characters)"), slug })
  .strict()
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBody>

/** GET /api/organizations/check-slug?slug=&exclude_org_id= */
export const CheckSlugQuery = z
  .object({
    slug: text(100, "Slug is required (at most 100 characters)", { trim: false }),
    exclude_org_id: optionalText(100, "exclude_org_id must be a string of at most 100 characters"),
  })
  .strict()
export type CheckSlugQuery = z.infer<typeof CheckSlugQuery>

/** `?org_id=` of the routes acting for one organization (else X-Organization-ID, else the member's only one). */
export const OrganizationContextQuery = z
  .object({ org_id: optionalText(100, "org_id must be a string of at most 100 characters") })
  .strict()
