import { Container, Heading, Text } from "@medusajs/ui"
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import { presetRange } from "../../../shared/date-range"
import { money, statusLabel } from "../../../shared/format"
import { NativeSelect } from "../../../shared/native-select"
import { useRouter } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { Kpi } from "../components/kpi"
import { PageHeader } from "../components/page-header"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { useOrganization } from "../session"

// recharts (the admin extension's chart library too) is loaded with this page only.

const RANGES = [
  [7, "Last 7 days"],
  [30, "Last 30 days"],
  [90, "Last 90 days"],
  [365, "Last 12 months"],
] as const
const BLUE = "#3b82f6"
const PURPLE = "#a855f7"
const GRID = "#e4e4e7"
const AXIS = { fontSize: 12, fill: "#71717a" }

/** "2026-11-03" -> "Nov 3" (UTC, as the API's days are). */
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })

function Section({ title, subtitle, children, testId }: { title: string; subtitle: string; children: React.ReactNode; testId?: string }) {
  return (
    <Container className="flex flex-col gap-4 px-6 py-4" data-testid={testId}>
      <div className="flex flex-col gap-1">
        <Heading level="h2">{title}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {subtitle}
        </Text>
      </div>
      {children}
    </Container>
  )
}

export function AnalyticsPage() {
  const organization = useOrganization()
  const { query, go } = useRouter()
  const days = RANGES.find(([value]) => String(value) === query.get("days"))?.[0] ?? 30
  const orders = useAsync(() => api.analytics.orders({ days }), [days])
  const gallery = useAsync(() => {
    const end = new Date()
    return api.analytics
      .gallery({ org_id: organization.id, start_date: presetRange(days, end).start, end_date: end.toISOString() })
      .then((r) => r.analytics)
  }, [days, organization.id])

  return (
    <>
      <Container className="p-0">
        <PageHeader
          title="Analytics"
          subtitle="Sales of your store and the gallery."
          actions={
            <div className="w-44">
              <NativeSelect aria-label="Period" value={days} onChange={(e) => go(`/analytics?days=${e.target.value}`)}>
                {RANGES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          }
        />
      </Container>
      {orders.status === "loading" && <LoadingState label="Loading your figures" rows={1} />}
      {orders.status === "error" && <ErrorState title="Your figures could not be loaded" error={orders.error} onRetry={orders.reload} />}
      {orders.status === "success" && (
        <>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-4">
            <Kpi label="Revenue, all orders" value={money(orders.data.revenue.total)} testId="analytics-revenue" />
            <Kpi label="Orders" value={String(orders.data.orders.total)} />
            <Kpi label="Waiting to ship" value={String(orders.data.orders.pending)} />
            <Kpi label="Shipped or delivered" value={String(orders.data.orders.completed)} />
          </div>
          <Section title="Top products" subtitle="Revenue per product over the period, store and gallery orders." testId="top-products">
            {orders.data.topProducts.length === 0 ? (
              <EmptyState title="No sales in this period" />
            ) : (
              <div className="h-64" data-chart="top-products">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={orders.data.topProducts} layout="vertical" margin={{ left: 24, right: 24 }}>
                    <CartesianGrid horizontal={false} stroke={GRID} />
                    <XAxis type="number" tick={AXIS} tickFormatter={(v: number) => money(v)} />
                    <YAxis type="category" dataKey="title" width={160} tick={AXIS} />
                    <Tooltip formatter={(value) => money(Number(value))} />
                    <Bar dataKey="revenue" name="Revenue" fill={BLUE} radius={[0, 4, 4, 0]} maxBarSize={28} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            )}
          </Section>
        </>
      )}
      {gallery.status === "loading" && <LoadingState label="Loading the gallery figures" rows={3} />}
      {gallery.status === "error" && <ErrorState title="The gallery figures could not be loaded" error={gallery.error} onRetry={gallery.reload} />}
      {gallery.status === "success" && (
        <>
          <Section title="Gallery sales" subtitle="Paid gallery orders per day; revenue is your works' subtotal before the gallery's commission." testId="gallery-timeline">
            <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
              {[
                ["Gallery revenue", money(gallery.data.overview.totalRevenue)],
                ["Your payout", money(gallery.data.overview.artistPayout)],
                ["Average order", money(gallery.data.overview.averageOrderValue)],
                ["Items sold", String(gallery.data.overview.totalItemsSold)],
              ].map(([label, value]) => (
                <div key={label} className="flex flex-col">
                  <Text size="small" className="text-ui-fg-subtle">
                    {label}
                  </Text>
                  <Text weight="plus" data-testid={`gallery-${label.toLowerCase().replace(/\s+/g, "-")}`}>
                    {value}
                  </Text>
                </div>
              ))}
            </div>
            <div className="h-72" data-chart="gallery-timeline">
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart data={gallery.data.timeline} margin={{ left: 8, right: 8 }}>
                  <CartesianGrid vertical={false} stroke={GRID} />
                  <XAxis dataKey="date" tick={AXIS} tickFormatter={shortDay} minTickGap={24} />
                  <YAxis yAxisId="revenue" tick={AXIS} tickFormatter={(v: number) => `$${v}`} />
                  <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={AXIS} />
                  <Tooltip labelFormatter={(label) => shortDay(String(label))} formatter={(value, name) => (name === "Revenue" ? money(Number(value)) : value)} />
                  <Legend />
                  <Bar yAxisId="orders" dataKey="orders" name="Orders" fill={PURPLE} radius={[4, 4, 0, 0]} maxBarSize={24} isAnimationActive={false} />
                  <Line yAxisId="revenue" type="linear" dataKey="revenue" name="Revenue" stroke={BLUE} strokeWidth={2} dot={false} isAnimationActive={false} />
                </ComposedChart>
              </ResponsiveContainer>
            </div>
          </Section>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Section title="Gallery orders by status" subtitle="Orders placed in the period, by where they are now.">
              <dl className="flex flex-col gap-2">
                {Object.entries(gallery.data.ordersByStatus).map(([status, count]) => (
                  <div key={status} className="flex justify-between">
                    <dt className="txt-compact-small text-ui-fg-subtle">{statusLabel(status)}</dt>
                    <dd className="txt-compact-small-plus">{count}</dd>
                  </div>
                ))}
              </dl>
            </Section>
            <Section title="Referrals" subtitle="Visitors sent to the gallery by your links, and what they bought.">
              <dl className="flex flex-col gap-2">
                {[
                  ["Referrals", String(gallery.data.referrals.totalReferrals)],
                  ["Conversions", String(gallery.data.referrals.conversions)],
                  ["Conversion rate", `${gallery.data.referrals.conversionRate}%`],
                  ["Attributed revenue", money(gallery.data.referrals.attributedRevenue)],
                ].map(([label, value]) => (
                  <div key={label} className="flex justify-between">
                    <dt className="txt-compact-small text-ui-fg-subtle">{label}</dt>
                    <dd className="txt-compact-small-plus">{value}</dd>
                  </div>
                ))}
              </dl>
            </Section>
          </div>
        </>
      )}
    </>
  )
}
