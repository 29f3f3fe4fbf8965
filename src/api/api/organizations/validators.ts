import { z } from "@medusajs/framework/zod"
import { isValidSlug } from "../../../lib/slug"

const slug = z.string().refine(isValidSlug, "Slug must be lowercase letters and digits separated by hyphens")

export const CreateOrganizationBody = z.object({ name: z.string().trim().min(1).max(200), slug })
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBody>

export const CheckSlugQuery = z.object({ slug: z.string().min(1), exclude_org_id: z.string().optional() })
export type CheckSlugQuery = z.infer<typeof CheckSlugQuery>
