import { model } from "@medusajs/framework/utils"
import { Member } from "./member"
import { Organization } from "./organization"

export const MEMBERSHIP_ROLES = ["owner", "member"] as const
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number]

export const Membership = model
  .define("membership", {
    id: model.id({ prefix: "mbr" }).primaryKey(),
    role: model.enum([...MEMBERSHIP_ROLES]).default("member"),
    member: model.belongsTo(() => Member, { mappedBy: "memberships" }),
    organization: model.belongsTo(() => Organization, { mappedBy: "memberships" }),
  })
  .indexes([{ on: ["member_id", "organization_id"], unique: true, where: "deleted_at IS NULL" }])
