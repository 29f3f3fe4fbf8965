import type { CreateNotificationDTO, MedusaContainer } from "@medusajs/framework/types"
import { NotificationStatus } from "@medusajs/framework/utils"
import { fromCents, toCents } from "../../lib/money"
import { digestFrequencyOf } from "../../lib/organization-settings"
import { type DigestPeriod, digestEmail, digestKey, lastDigestPeriod } from "../../lib/sales-digest"
import { ORGANIZATION_MODULE } from "../../modules/organization"
import type OrganizationModuleService from "../../modules/organization/service"
import { notificationsByKey, sendNotificationsOnce } from "../../workflows/common/notifications"
import { organizationSalesDigest } from "../../queries/medusa/sales-digest"

export const SALES_DIGEST_TEMPLATE = "sales-digest"

export type SalesDigestRun = { sent: number; organizations: number }

type Due = { organizationId: string; name: string; period: DigestPeriod; owners: { id: string; email: string }[] }

/**
 * The sales digests due at `now` (docs/campaigns-and-email.md): for each organization whose settings ask for one
 * (`email_digest` daily or weekly; weekly by default; `none` never), the last whole period's figures, emailed to each
 * owner once (idempotency key per organization, owner and period), also when the period had no sale. Digests
 * already sent are found by their keys first, so a run reads figures only for what it sends.
 */
export async function sendSalesDigests(container: MedusaContainer, now = new Date()): Promise<SalesDigestRun> {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const all = await organizations.listOrganizations({}, { select: ["id", "name"], take: null })
  if (!all.length) return { sent: 0, organizations: 0 }
  const ids = all.map((o) => o.id)
  const [settings, owners] = await Promise.all([
    organizations.listOrganizationSettings({ organization_id: ids }, { select: ["organization_id", "email_digest"], take: null }),
    organizations.listMemberships({ organization_id: ids, role: "owner" }, { relations: ["member"], take: null }),
  ])
  const frequency = new Map(settings.map((row) => [row.organization_id, digestFrequencyOf(row)]))
  const due: Due[] = []
  for (const organization of all) {
    const period = lastDigestPeriod(frequency.get(organization.id) ?? digestFrequencyOf(null), now)
    const emails = owners
      .filter((m) => m.organization_id === organization.id && m.member?.email)
      .map((m) => ({ id: m.member!.id, email: m.member!.email as string }))
    if (period && emails.length) due.push({ organizationId: organization.id, name: organization.name, period, owners: emails })
  }
  const sent = await notificationsByKey(
    container,
    due.flatMap((d) => d.owners.map((owner) => digestKey(d.organizationId, owner.id, d.period)))
  )
  const notifications: CreateNotificationDTO[] = []
  let reported = 0
  for (const d of due) {
    const waiting = d.owners.filter((o) => sent.get(digestKey(d.organizationId, o.id, d.period))?.status !== NotificationStatus.SUCCESS)
    if (!waiting.length) continue
    const row = await organizationSalesDigest(container, { organizationId: d.organizationId, from: d.period.start, to: d.period.end })
    const money = (value: string | number) => fromCents(toCents(Number(value)))
    const figures = {
      orders: row.orders,
      revenue: money(row.revenue),
      galleryOrders: row.gallery_orders,
      storeOrders: row.store_orders,
      toShip: row.to_ship,
      topProducts: row.top_products.map((p) => ({ title: p.title, quantity: Number(p.quantity), revenue: money(p.revenue) })),
    }
    const email = digestEmail(d.name, d.period, figures)
    reported += 1
    for (const owner of waiting) {
      notifications.push({
        to: owner.email,
        channel: "email",
        template: SALES_DIGEST_TEMPLATE,
        trigger_type: "sales.digest",
        resource_type: "organization",
        resource_id: d.organizationId,
        receiver_id: owner.id,
        idempotency_key: digestKey(d.organizationId, owner.id, d.period),
        data: {
          subject: email.subject,
          organization_id: d.organizationId,
          frequency: d.period.frequency,
          period_start: d.period.start.toISOString(),
          period_end: d.period.end.toISOString(),
          ...figures,
        },
        content: email,
      })
    }
  }
  // The job is this key's only sender, so a failed digest is retried at the next run.
  await sendNotificationsOnce(container, notifications, { retryFailed: true })
  return { sent: notifications.length, organizations: reported }
}
