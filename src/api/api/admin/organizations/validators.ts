import { z } from "@medusajs/framework/zod"
import { ORGANIZATION_PLANS } from "../../../../modules/organization/models/organization"
import { optionalText } from "../../../utils/validation"
import { booleanFromQuery } from "../fields"

export const AdminListOrganizationsQuery = z.object({
  gallery_approved: booleanFromQuery.optional(),
  q: optionalText(200, "q must be a string of at most 200 characters"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
}).strict()
export type AdminListOrganizationsQuery = z.infer<typeof AdminListOrganizationsQuery>

export const AdminUpdateOrganizationBody = z
  .object({
    galleryApproved: z.boolean().optional(),
    plan: z.enum(ORGANIZATION_PLANS).optional(),
    foundingArtistSince: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullable().optional(),
  })
  .strict()
export type AdminUpdateOrganizationBody = z.infer<typeof AdminUpdateOrganizationBody>
