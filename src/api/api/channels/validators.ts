import { z } from "@medusajs/framework/zod"
import { CHANNEL_MESSAGES } from "../../../lib/channels"
import { OAUTH_STATE_MESSAGES } from "../../../lib/channel-oauth"
import { firstQueryValue, optionalText, text } from "../../utils/validation"

const organizationId = optionalText(100, "org_id must be a string of at most 100 characters")

/** `?org_id=` of the channel routes that act for one organization (else X-Organization-ID, else the only one). */
export const ChannelOrganizationQuery = z.object({ org_id: organizationId }).strict()

/** GET /api/channels/etsy/auth: `format=json` answers `{url}` instead of the redirect (for a dashboard's fetch). */
export const EtsyAuthQuery = z
  .object({
    org_id: organizationId,
    format: z.preprocess(firstQueryValue, z.enum(["redirect", "json"], { error: "format must be redirect or json" }).optional()),
  })
  .strict()
export type EtsyAuthQuery = z.output<typeof EtsyAuthQuery>

/**
 * GET /api/channels/etsy/callback: what Etsy appends to the redirect URI (`code` and `state`, or `error` and
 * `error_description`). Other parameters are ignored; the state's rules (missing, tampered, reused, expired) are the
 * route's.
 */
export const EtsyCallbackQuery = z.object({
  state: z.preprocess(firstQueryValue, optionalText(200, OAUTH_STATE_MESSAGES.invalid)),
  code: z.preprocess(firstQueryValue, optionalText(2000, "code must be a string of at most 2000 characters")),
  error: z.preprocess(firstQueryValue, optionalText(200, "error must be a string of at most 200 characters")),
  error_description: z.preprocess(firstQueryValue, optionalText(2000, "error_description must be a string of at most 2000 characters")),
})
export type EtsyCallbackQuery = z.output<typeof EtsyCallbackQuery>

/** POST /api/channels/gumroad/connect. */
export const ConnectGumroadBody = z
  .object({ org_id: organizationId, access_token: text(500, CHANNEL_MESSAGES.accessTokenRequired) })
  .strict()
export type ConnectGumroadBody = z.output<typeof ConnectGumroadBody>

/** POST /api/channels/{channel}/import: the organization only. */
export const ImportChannelBody = z.object({ org_id: organizationId }).strict()
