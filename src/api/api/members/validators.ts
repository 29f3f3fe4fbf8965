import { z } from "@medusajs/framework/zod"
import { optionalText } from "../../utils/validation"

/** POST /api/members: the new member's email and optional names. */
export const CreateMemberBody = z
  .object({
    email: z.email().max(254),
    first_name: optionalText(200, "first_name must be a string of at most 200 characters"),
    last_name: optionalText(200, "last_name must be a string of at most 200 characters"),
  })
  .strict()
export type CreateMemberBody = z.infer<typeof CreateMemberBody>
