import { z } from "@medusajs/framework/zod"
import { isSafeText } from "../../../lib/safe-text"
import { optionalText } from "../../utils/validation"

/** POST /api/members: optional names; the email is the login's (an `email` given must be that one). */
export const CreateMemberBody = z
  .object({
    email: z.email().max(254).optional(),
    first_name: optionalText(200, "first_name must be a string of at most 200 characters"),
    last_name: optionalText(200, "last_name must be a string of at most 200 characters"),
  })
  .strict()
export type CreateMemberBody = z.infer<typeof CreateMemberBody>

/** A name to change: a string (trimmed, blank clears it), null clears it, absent leaves it as it is. */
function nameChange(field: string) {
  const message = `${field} must be a string of at most 200 characters`
  return z
    .string({ error: message })
    .refine(isSafeText, { message, abort: true })
    .trim()
    .refine((value) => value.length <= 200, { message })
    .transform((value) => value || null)
    .nullable()
    .optional()
}

/** PATCH /api/members/me: the member's names (only those given change). */
export const UpdateMemberBody = z.object({ first_name: nameChange("first_name"), last_name: nameChange("last_name") }).strict()
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>
