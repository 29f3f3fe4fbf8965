import { z } from "@medusajs/framework/zod"
import { API_KEY_ENVIRONMENTS } from "../../../../lib/api-key"
import { API_SCOPES } from "../../../../lib/api-scopes"
import { optionalText, text } from "../../../utils/validation"

export const API_KEY_MESSAGES = {
  nameInvalid: "name is required (a string of at most 100 characters)",
  scopesInvalid: `scopes must be a non-empty array of: ${API_SCOPES.join(", ")}`,
  environmentInvalid: "environment must be live or sandbox",
  ownersOnly: "Only organization owners can manage API keys",
  notFound: "API key not found",
  forbidden: "You do not have access to this API key",
} as const

/** POST /api/settings/api-keys */
export const CreateApiKeyBody = z
  .object({
    org_id: optionalText(100, "org_id must be a string of at most 100 characters"),
    name: text(100, API_KEY_MESSAGES.nameInvalid),
    scopes: z
      .array(z.enum(API_SCOPES, { error: API_KEY_MESSAGES.scopesInvalid }), { error: API_KEY_MESSAGES.scopesInvalid })
      .min(1, { error: API_KEY_MESSAGES.scopesInvalid })
      .max(API_SCOPES.length * 2, { error: API_KEY_MESSAGES.scopesInvalid }),
    environment: z.enum(API_KEY_ENVIRONMENTS, { error: API_KEY_MESSAGES.environmentInvalid }).default("live"),
  })
  .strict()
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>
