import { model } from "@medusajs/framework/utils"

/**
 * A newsletter subscription. `email` is stored normalized (trimmed, lower-case), so it is unique case-insensitively;
 * unsubscribing deactivates the record and keeps it, subscribing again reactivates the same record.
 */
export const NewsletterSubscriber = model
  .define("newsletter_subscriber", {
    id: model.id({ prefix: "nsub" }).primaryKey(),
    // Subscribe is an upsert on this column (INSERT ... ON CONFLICT), so two racing subscribes end in one row.
    email: model.text().unique(),
    first_name: model.text().nullable(),
    last_name: model.text().nullable(),
    is_active: model.boolean().default(true),
    subscribed_at: model.dateTime(),
    unsubscribed_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["is_active"] }])
