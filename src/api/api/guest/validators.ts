import { z } from "@medusajs/framework/zod"
import { optionalText, text } from "../../utils/validation"

/** POST /api/guest/workspaces: the workspace's name. */
export const CreateGuestWorkspaceBody = z.object({ name: text(200, "Name is required (at most 200 characters)") }).strict()
export type CreateGuestWorkspaceBody = z.infer<typeof CreateGuestWorkspaceBody>

/** POST /api/guest/promote: the workspace (org_id, else X-Organization-ID, else the member's only organization). */
export const PromoteGuestWorkspaceBody = z
  .object({ org_id: optionalText(100, "org_id must be a string of at most 100 characters") })
  .strict()
