import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Input, Table, Text, clx } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import { presetRange, rangeProblem, RANGE_PRESETS, type DateRange, type PresetKey } from "../../../../../apps/shared/date-range"
import { day, money, percent } from "../../../../../apps/shared/format"
import { Status } from "../../../../../apps/shared/status"
import { Field } from "../../../components/field"
import { GalleryPage, PageHeader } from "../../../components/page-header"
import { EmptyState, ErrorState, LoadingState } from "../../../components/states"
import { ApiError } from "../../../lib/api"
import { useAnalytics } from "../../../lib/queries"
import type { Analytics } from "../../../lib/types"

function Card({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Container className="flex flex-col gap-y-1 px-6 py-4" data-testid={testId}>
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="xlarge" weight="plus" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </Text>
    </Container>
  )
}

const SERIES = { orders: "#6366f1", revenue: "#10b981", newCarts: "#f59e0b" }

/** Orders and new carts per day (left axis) with revenue (USD, right axis); drawn at once, without animation. */
function TimelineChart({ timeline }: { timeline: Analytics["timeline"] }) {
  return (
    <div className="h-80 w-full px-2 py-4" data-testid="analytics-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={timeline} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={12} minTickGap={16} />
          <YAxis yAxisId="count" allowDecimals={false} fontSize={12} width={40} />
          <YAxis yAxisId="money" orientation="right" fontSize={12} width={64} tickFormatter={(v: number) => `$${v}`} />
          <Tooltip
            formatter={(value, name) => (name === "Revenue" ? money(Number(value)) : value)}
            labelFormatter={(label) => day(String(label))}
          />
          <Legend />
          <Bar yAxisId="count" dataKey="orders" name="Orders" fill={SERIES.orders} radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
          <Line yAxisId="count" dataKey="newCarts" name="New carts" stroke={SERIES.newCarts} strokeWidth={2} dot={false} type="linear" isAnimationActive={false} />
          <Line yAxisId="money" dataKey="revenue" name="Revenue" stroke={SERIES.revenue} strokeWidth={2} dot={false} type="linear" isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}

function Figures({ analytics }: { analytics: Analytics }) {
  const { overview, cartMetrics, referralMetrics } = analytics
  const quiet = analytics.timeline.every((d) => d.orders === 0 && d.newCarts === 0)
  return (
    <>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-6">
        <Card label="Orders" value={overview.totalOrders} testId="card-orders" />
        <Card label="Revenue" value={money(overview.totalRevenue)} testId="card-revenue" />
        <Card label="Gallery revenue (12 %)" value={money(overview.galleryRevenue)} />
        <Card label="Artist payouts" value={money(overview.artistPayouts)} />
        <Card label="Average order" value={money(overview.averageOrderValue)} />
        <Card label="Items sold" value={overview.totalItemsSold} />
      </div>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Timeline</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Orders, revenue and new carts per day (UTC).
          </Text>
        </div>
        {quiet ? (
          <EmptyState title="No orders or carts in this range" description="Pick a longer range, or wait for the first checkouts." />
        ) : (
          <TimelineChart timeline={analytics.timeline} />
        )}
      </Container>
      <div className="grid grid-cols-1 gap-3 xl:grid-cols-3">
        <Container className="divide-y p-0 xl:col-span-2">
          <div className="px-6 py-4">
            <Heading level="h2">Top artists</Heading>
          </div>
          {analytics.topArtists.length === 0 ? (
            <EmptyState title="No sales in this range" />
          ) : (
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Artist</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">Orders</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">Items</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">Revenue</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">Payout</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {analytics.topArtists.map((a) => (
                  <Table.Row key={a.orgId}>
                    <Table.Cell>{a.artistName || a.orgId}</Table.Cell>
                    <Table.Cell className="text-right">{a.totalOrders}</Table.Cell>
                    <Table.Cell className="text-right">{a.itemsSold}</Table.Cell>
                    <Table.Cell className="text-right">{money(a.totalRevenue)}</Table.Cell>
                    <Table.Cell className="text-right">{money(a.artistPayout)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
        </Container>
        <Container className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">Orders by status</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Orders placed in the range, by their status now.
            </Text>
          </div>
          <ul className="flex flex-col gap-y-2 px-6 py-4">
            {Object.entries(analytics.ordersByStatus).map(([status, count]) => (
              <li key={status} className="flex items-center justify-between">
                <Status status={status} />
                <Text size="small" weight="plus">
                  {count}
                </Text>
              </li>
            ))}
          </ul>
        </Container>
      </div>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <Container className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">Carts</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Open gallery carts of the range's last days.
            </Text>
          </div>
          <div className="grid grid-cols-2 gap-4 px-6 py-4">
            <Metric label="Active carts" value={cartMetrics.activeCarts} />
            <Metric label="Average cart value" value={money(cartMetrics.averageCartValue)} />
            <Metric label="Abandonment rate" value={percent(cartMetrics.abandonmentRate)} />
            <Metric label="Items per cart" value={cartMetrics.averageItemsPerCart} />
          </div>
        </Container>
        <Container className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">Referrals</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Gallery visitors sent on to artists' own stores.
            </Text>
          </div>
          <div className="grid grid-cols-2 gap-4 px-6 py-4">
            <Metric label="Referrals" value={referralMetrics.totalReferrals} />
            <Metric label="Conversions" value={referralMetrics.conversions} />
            <Metric label="Conversion rate" value={percent(referralMetrics.conversionRate)} />
            <Metric label="Attributed revenue" value={money(referralMetrics.attributedRevenue)} />
          </div>
        </Container>
      </div>
    </>
  )
}

function Metric({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="large" weight="plus">
        {value}
      </Text>
    </div>
  )
}

/** /app/gallery/analytics: gallery-wide figures for a date range (GET /api/admin/analytics). */
const AnalyticsPage = () => {
  const [preset, setPreset] = useState<PresetKey | null>("30d")
  const [range, setRange] = useState<DateRange>(() => presetRange(30, new Date()))
  const problem = useMemo(() => rangeProblem(range, new Date()), [range])
  const analytics = useAnalytics({ start_date: range.start, end_date: range.end }, problem === null)
  const apiProblem = analytics.error instanceof ApiError && analytics.error.status === 400 ? analytics.error.message : null

  const choose = (key: PresetKey, days: number) => {
    setPreset(key)
    setRange(presetRange(days, new Date()))
  }

  return (
    <GalleryPage>
      <Container className="divide-y p-0">
        <PageHeader title="Analytics" description="Gallery orders, revenue, artists, carts and referrals." />
        <div className="flex flex-wrap items-end gap-4 px-6 py-4" data-testid="date-range">
          <div className="flex gap-x-1" role="group" aria-label="Date range presets">
            {RANGE_PRESETS.map((p) => (
              <Button
                key={p.key}
                size="small"
                variant={preset === p.key ? "primary" : "secondary"}
                onClick={() => choose(p.key, p.days)}
              >
                {p.label}
              </Button>
            ))}
          </div>
          <Field id="range-start" label="From" error={problem ?? apiProblem}>
            <Input
              id="range-start"
              type="date"
              size="small"
              value={range.start}
              onChange={(e) => {
                setPreset(null)
                setRange({ ...range, start: e.target.value })
              }}
            />
          </Field>
          <Field id="range-end" label="To">
            <Input
              id="range-end"
              type="date"
              size="small"
              value={range.end}
              onChange={(e) => {
                setPreset(null)
                setRange({ ...range, end: e.target.value })
              }}
            />
          </Field>
          <Text size="xsmall" className={clx("pb-2 text-ui-fg-subtle", analytics.isFetching && "animate-pulse")}>
            {analytics.isFetching ? "Updating…" : `${day(range.start)} – ${day(range.end)}`}
          </Text>
        </div>
      </Container>
      {problem ? null : analytics.isPending ? (
        <Container className="p-0">
          <LoadingState rows={6} />
        </Container>
      ) : analytics.isError && !apiProblem ? (
        <Container className="p-0">
          <ErrorState error={analytics.error} onRetry={() => analytics.refetch()} />
        </Container>
      ) : analytics.data ? (
        <Figures analytics={analytics.data.analytics} />
      ) : null}
    </GalleryPage>
  )
}

export const config = defineRouteConfig({ label: "Analytics", rank: 5 })

export default AnalyticsPage
