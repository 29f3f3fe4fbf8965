import { model } from "@medusajs/framework/utils"

/**
 * An organization's platform API key (docs/platform-api.md). Only the SHA-256 of the key is stored (`hash`, unique:
 * the one indexed lookup of every /v1 request); `prefix` keeps its first characters to tell keys apart.
 * `organization_id` is the organization whose owners manage the key; `data_organization_id` the one whose data it
 * reaches: the same for a live key, the paired sandbox organization for a sandbox key (so a request needs no second
 * lookup). Revoked keys stay, with `revoked_at`, so the dashboard can show them.
 */
export const PlatformApiKey = model
  .define("platform_api_key", {
    id: model.id({ prefix: "apikey" }).primaryKey(),
    organization_id: model.text(),
    data_organization_id: model.text(),
    name: model.text(),
    prefix: model.text(),
    hash: model.text(),
    scopes: model.array(),
    environment: model.enum(["live", "sandbox"]),
    last_used_at: model.dateTime().nullable(),
    revoked_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["hash"], unique: true },
    { on: ["organization_id", "created_at"], where: "deleted_at IS NULL" },
  ])
