import { z } from "@medusajs/framework/zod"
import { API_KEY_ENVIRONMENTS } from "../../../../lib/api-key"
import { API_KEY_FIELD_MESSAGES, ApiKeyNameSchema, ApiKeyScopesSchema } from "../../../../lib/form-schemas"
import { optionalText } from "../../../utils/validation"

export const API_KEY_MESSAGES = {
  nameInvalid: API_KEY_FIELD_MESSAGES.name,
  scopesInvalid: API_KEY_FIELD_MESSAGES.scopes,
  environmentInvalid: "environment must be live or sandbox",
  ownersOnly: "Only organization owners can manage API keys",
  notFound: "API key not found",
  forbidden: "You do not have access to this API key",
} as const

/** POST /api/settings/api-keys */
export const CreateApiKeyBody = z
  .object({
    org_id: optionalText(100, "org_id must be a string of at most 100 characters"),
    // The dashboard's form checks the same two fields (src/lib/form-schemas.ts).
    name: ApiKeyNameSchema,
    scopes: ApiKeyScopesSchema,
    environment: z.enum(API_KEY_ENVIRONMENTS, { error: API_KEY_MESSAGES.environmentInvalid }).default("live"),
  })
  .strict()
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>
