import { sendsOrderEmails } from "../lib/organization-settings"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/** Who hears of an organization's new orders: its name, whether its settings let order emails out, its owners. */
export type OrderEmailRecipients = {
  organization_id: string
  /** Null for an organization that no longer exists. */
  name: string | null
  /** Its notification settings' `email_orders` (the default when it stored none). */
  sends_order_emails: boolean
  owners: { id: string; email: string }[]
}

// One named prepared statement over the organization module's tables for the new-order emails of a batch of paid
// orders (the outbox's email handlers), in place of three module list calls.
const RECIPIENTS = preparedStatement(
  "order_email_recipients",
  `SELECT ids.id AS organization_id, o.name, s.email_orders,
          coalesce((
            SELECT json_agg(json_build_object('id', mb.id, 'email', mb.email) ORDER BY m.created_at, m.id)
            FROM membership m JOIN member mb ON mb.id = m.member_id AND mb.deleted_at IS NULL
            WHERE m.organization_id = ids.id AND m.role = 'owner' AND m.deleted_at IS NULL AND mb.email IS NOT NULL
          ), '[]'::json) AS owners
     FROM unnest(?::text[]) AS ids(id)
     LEFT JOIN organization o ON o.id = ids.id AND o.deleted_at IS NULL
     LEFT JOIN organization_settings s ON s.organization_id = ids.id AND s.deleted_at IS NULL`
)

/** The new-order email recipients of these organizations, by organization id. */
export async function orderEmailRecipients(source: PgSource, organizationIds: string[]): Promise<Map<string, OrderEmailRecipients>> {
  const ids = [...new Set(organizationIds)]
  if (!ids.length) return new Map()
  const { rows } = await runPrepared(toKnex(source), RECIPIENTS, [ids])
  return new Map(
    (rows as { organization_id: string; name: string | null; email_orders: boolean | null; owners: { id: string; email: string }[] }[]).map(
      (row) => [
        row.organization_id,
        {
          organization_id: row.organization_id,
          name: row.name,
          sends_order_emails: sendsOrderEmails({ email_orders: row.email_orders }),
          owners: row.owners,
        },
      ]
    )
  )
}
