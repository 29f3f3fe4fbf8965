import { z } from "@medusajs/framework/zod"
import { ORGANIZATION_PLANS } from "../../../../modules/organization/models/organization"
import { booleanFromQuery } from "../body-parsing"

export const AdminListOrganizationsQuery = z.object({
  gallery_approved: booleanFromQuery.optional(),
  q: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})
export type AdminListOrganizationsQuery = z.infer<typeof AdminListOrganizationsQuery>

export const AdminUpdateOrganizationBody = z
  .object({
    galleryApproved: z.boolean().optional(),
    plan: z.enum(ORGANIZATION_PLANS).optional(),
    foundingArtistSince: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullable().optional(),
  })
  .strict()
export type AdminUpdateOrganizationBody = z.infer<typeof AdminUpdateOrganizationBody>
