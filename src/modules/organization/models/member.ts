import { model } from "@medusajs/framework/utils"
import { Membership } from "./membership"

/** A person who works in one or more organizations: the `member` auth actor. Never a Medusa admin user. */
export const Member = model
  .define("member", {
    id: model.id({ prefix: "mem" }).primaryKey(),
    email: model.text().unique().searchable(),
    first_name: model.text().nullable(),
    last_name: model.text().nullable(),
    memberships: model.hasMany(() => Membership, { mappedBy: "member" }),
  })
  .cascades({ delete: ["memberships"] })
