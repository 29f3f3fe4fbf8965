import { model } from "@medusajs/framework/utils"
import { CHANNELS } from "../../../lib/channels"

/**
 * A pending OAuth authorization (docs/marketplace-channels.md): what the callback, reached by the browser without the
 * member's token, needs to know. `state_digest` is the SHA-256 of the state sent to the marketplace (the state itself
 * is not stored); `code_verifier` is the PKCE verifier, sealed like the tokens. Single use: `used_at` is set by the
 * callback that claims it; good for 10 minutes (`expires_at`).
 */
export const ChannelOauthState = model
  .define("channel_oauth_state", {
    id: model.id({ prefix: "chst" }).primaryKey(),
    state_digest: model.text(),
    channel: model.enum([...CHANNELS]),
    organization_id: model.text(),
    member_id: model.text(),
    code_verifier: model.text(),
    expires_at: model.dateTime(),
    used_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["state_digest"], unique: true }, { on: ["expires_at"] }])
