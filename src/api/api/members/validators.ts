import { z } from "@medusajs/framework/zod"

export const CreateMemberBody = z.object({
  email: z.email(),
  first_name: z.string().max(200).nullish(),
  last_name: z.string().max(200).nullish(),
})
export type CreateMemberBody = z.infer<typeof CreateMemberBody>
