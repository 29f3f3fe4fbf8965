import { model } from "@medusajs/framework/utils"
import { CHANNELS, CONNECTION_STATUSES } from "../../../lib/channels"

/**
 * An organization's connection to one marketplace (docs/marketplace-channels.md): the linked shop and its tokens.
 * `access_token` and `refresh_token` hold only sealed ciphertext (AES-256-GCM, `v1.<key id>....`, src/lib/
 * channel-crypto.ts), bound to this organization, channel and field; they are null once the connection is
 * disconnected or expired. One row per organization and channel; a shop is connected to one organization at a time.
 */
export const ChannelConnection = model
  .define("channel_connection", {
    id: model.id({ prefix: "chcon" }).primaryKey(),
    organization_id: model.text(),
    channel: model.enum([...CHANNELS]),
    status: model.enum([...CONNECTION_STATUSES]),
    /** The marketplace's id of the account that granted access (Etsy user id, Gumroad user id). */
    account_id: model.text().nullable(),
    shop_id: model.text(),
    shop_name: model.text().nullable(),
    access_token: model.text().nullable(),
    refresh_token: model.text().nullable(),
    access_token_expires_at: model.dateTime().nullable(),
    /** The member who connected it (an owner at the time). */
    connected_by: model.text(),
    connected_at: model.dateTime(),
    disconnected_at: model.dateTime().nullable(),
    refreshed_at: model.dateTime().nullable(),
  })
  .indexes([
    // Connect is an upsert on this pair (INSERT ... ON CONFLICT).
    { on: ["organization_id", "channel"], unique: true, where: "deleted_at IS NULL" },
    { on: ["channel", "shop_id"], unique: true, where: "deleted_at IS NULL AND status = 'connected'" },
  ])
