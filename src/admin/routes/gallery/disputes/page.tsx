import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Select, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { useNavigate } from "react-router-dom"
import { dateTime, money, statusLabel } from "../../../../../apps/shared/format"
import type { AdminDisputeView } from "../../../../queries/disputes"
import { GalleryPage, PageHeader } from "../../../components/page-header"
import { EmptyState, ErrorState, LoadingState } from "../../../components/states"
import { api } from "../../../lib/api"
import type { Json } from "../../../lib/types"

type DisputeList = { disputes: Json<AdminDisputeView>[] }

/** /app/gallery/disputes: payment disputes, the evidence due soonest first (docs/disputes.md); open ones by default. */
const DisputesPage = () => {
  const navigate = useNavigate()
  const [status, setStatus] = useState<"open" | "closed" | "all">("open")
  const disputes = useQuery({
    queryKey: ["atelier", "disputes", status],
    queryFn: () => api.get<DisputeList>("/api/admin/disputes", { status }),
  })

  return (
    <GalleryPage>
      <Container className="divide-y p-0">
        <PageHeader
          title="Disputes"
          description="Chargebacks on gallery orders and store sales. Payouts not yet sent are held while a dispute is open."
        />
        <div className="flex items-center gap-2 px-6 py-3">
          <Select size="small" value={status} onValueChange={(v) => setStatus(v as typeof status)}>
            <Select.Trigger className="w-48" aria-label="Dispute status filter">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="open">Open</Select.Item>
              <Select.Item value="closed">Closed</Select.Item>
              <Select.Item value="all">All</Select.Item>
            </Select.Content>
          </Select>
        </div>
        {disputes.isPending ? (
          <LoadingState />
        ) : disputes.isError ? (
          <ErrorState error={disputes.error} onRetry={() => disputes.refetch()} />
        ) : disputes.data.disputes.length === 0 ? (
          <EmptyState
            title={status === "open" ? "No open disputes" : "No disputes"}
            description="Disputes appear here when a cardholder's bank disputes a payment."
          />
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Evidence due</Table.HeaderCell>
                <Table.HeaderCell>Order</Table.HeaderCell>
                <Table.HeaderCell>Artists</Table.HeaderCell>
                <Table.HeaderCell>Reason</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
                <Table.HeaderCell className="text-right">Disputed</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {disputes.data.disputes.map((d) => (
                <Table.Row
                  key={d.id}
                  className={d.order ? "cursor-pointer" : undefined}
                  onClick={() => d.order && navigate(`/gallery/orders/${d.order.id}`)}
                  data-testid="dispute-row"
                >
                  <Table.Cell>{d.evidenceDueBy ? dateTime(d.evidenceDueBy) : "—"}</Table.Cell>
                  <Table.Cell>
                    <Text size="small" weight="plus">
                      {d.order ? d.order.publicId : `Store sale ${d.storePaymentId ?? ""}`}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{d.artists.map((a) => a.name).join(", ")}</Table.Cell>
                  <Table.Cell>{statusLabel(d.reason)}</Table.Cell>
                  <Table.Cell>{statusLabel(d.status)}</Table.Cell>
                  <Table.Cell className="text-right">{money(d.amount)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Container>
    </GalleryPage>
  )
}

export const config = defineRouteConfig({ label: "Disputes", rank: 6 })

export default DisputesPage
