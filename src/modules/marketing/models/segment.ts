import { model } from "@medusajs/framework/utils"

/**
 * A saved filter over an organization's audience (the customers of its paid orders who may still be emailed):
 * `filters` holds `{ordered_since, ordered_before, total_spent_gte, product_type, source}`, each optional
 * (src/lib/campaigns.ts). Its size is counted live, never stored.
 */
export const Segment = model
  .define("marketing_segment", {
    id: model.id({ prefix: "seg" }).primaryKey(),
    organization_id: model.text(),
    name: model.text(),
    filters: model.json(),
  })
  .indexes([{ on: ["organization_id", "created_at"], where: "deleted_at IS NULL" }])
