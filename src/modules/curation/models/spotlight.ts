import { model } from "@medusajs/framework/utils"

/**
 * An artist (organization) featured by the gallery. Visible while active, published (published_at not in the
 * future) and not expired (lib/spotlight-visibility.ts); the index serves that filter.
 */
export const GallerySpotlight = model
  .define("gallery_spotlight", {
    id: model.id({ prefix: "gspot" }).primaryKey(),
    organization_id: model.text(),
    title: model.text(),
    description: model.text().nullable(),
    featured_image: model.text().nullable(),
    is_active: model.boolean().default(true),
    published_at: model.dateTime(),
    expires_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["is_active", "published_at"] }, { on: ["organization_id"] }])
