import { Button, Container, Text } from "@medusajs/ui"
import { useState } from "react"
import { LEDGER_KIND_LABELS, recentStatementMonths } from "../../../../src/lib/ledger"
import type { LedgerEntry, LedgerPage } from "../../../../src/sdk"
import { dateTime, money } from "../../../shared/format"
import { Link } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { api } from "../api"
import { FormError } from "../components/field"
import { Kpi } from "../components/kpi"
import { PageHeader } from "../components/page-header"
import { EmptyState, ErrorState, LoadingState } from "../components/states"
import { Table } from "../components/table"

/** Statements offered for download: this month and the five before it. */
const STATEMENT_MONTHS = 6
const PAGE_SIZE = 25

/** A signed amount as the ledger shows it: "+$12.00", "−$3.00", "" for nothing. */
function signed(amount: number): string {
  if (amount === 0) return ""
  return `${amount > 0 ? "+" : "−"}${money(Math.abs(amount))}`
}

/** "November 2026" for 2026-11. */
function monthName(month: string): string {
  const [year, index] = month.split("-").map(Number)
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" })
}

/** Saves a file the page fetched (the API needs the member's token, which a plain link cannot send). */
function saveFile(contents: string, type: string, filename: string) {
  const url = URL.createObjectURL(new Blob([contents], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

function orderCell(entry: LedgerEntry) {
  if (entry.gallery_order_public_id) return <Text size="small">Gallery #{entry.gallery_order_public_id}</Text>
  if (entry.store_payment_id) return <Text size="small">Store sale</Text>
  return null
}

/** The balance's four figures. */
function Balance() {
  const balance = useAsync(() => api.payouts.balance().then((r) => r.balance), [])
  if (balance.status === "loading") return <LoadingState label="Loading your balance" rows={1} />
  if (balance.status === "error") return <ErrorState title="Your balance could not be loaded" error={balance.error} onRetry={balance.reload} />
  const { earned, sent, pending, held } = balance.data
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="payout-balance">
      <Kpi label="Earned" value={money(earned)} testId="balance-earned" />
      <Kpi label="Sent to your account" value={money(sent)} testId="balance-sent" />
      <Kpi label="Pending" value={money(pending)} testId="balance-pending" />
      <Kpi label="Held by disputes" value={money(held)} testId="balance-held" />
    </div>
  )
}

/** The ledger, newest first, a page at a time ("Load more" follows the cursor). */
function Ledger() {
  const first = useAsync(() => api.payouts.ledger({ limit: PAGE_SIZE }), [])
  const [more, setMore] = useState<LedgerPage[]>([])
  const [loadingMore, setLoadingMore] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (first.status === "loading") return <LoadingState label="Loading your ledger" rows={4} />
  if (first.status === "error") return <ErrorState title="Your ledger could not be loaded" error={first.error} onRetry={first.reload} inline />
  const pages = [first.data, ...more]
  const entries = pages.flatMap((page) => page.entries)
  const next = pages[pages.length - 1].next_cursor

  const loadMore = async () => {
    if (!next) return
    setLoadingMore(true)
    setError(null)
    try {
      const page = await api.payouts.ledger({ limit: PAGE_SIZE, cursor: next })
      setMore((previous) => [...previous, page])
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setLoadingMore(false)
    }
  }

  if (!entries.length) {
    return (
      <EmptyState title="No money movements yet">
        <Text size="small" className="text-ui-fg-subtle">
          Your sales, fees and transfers appear here as they happen.
        </Text>
      </EmptyState>
    )
  }
  return (
    <div className="flex flex-col" data-testid="ledger">
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Date</Table.HeaderCell>
            <Table.HeaderCell>Description</Table.HeaderCell>
            <Table.HeaderCell>Kind</Table.HeaderCell>
            <Table.HeaderCell>Order</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Earned</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Sent</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.id} data-ledger-entry={entry.kind}>
              <Table.Cell>{dateTime(entry.occurred_at)}</Table.Cell>
              <Table.Cell>
                <div className="flex flex-col">
                  <Text size="small">{entry.description}</Text>
                  {entry.reference && (
                    <Text size="xsmall" className="text-ui-fg-subtle font-mono">
                      {entry.reference}
                    </Text>
                  )}
                </div>
              </Table.Cell>
              <Table.Cell>{LEDGER_KIND_LABELS[entry.kind] ?? entry.kind}</Table.Cell>
              <Table.Cell>{orderCell(entry)}</Table.Cell>
              <Table.Cell className="text-right tabular-nums">{signed(entry.earned)}</Table.Cell>
              <Table.Cell className="text-right tabular-nums">{signed(entry.sent)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      <FormError message={error} />
      {next && (
        <div className="flex justify-center px-6 py-4">
          <Button variant="secondary" size="small" isLoading={loadingMore} onClick={() => void loadMore()}>
            Load more
          </Button>
        </div>
      )}
    </div>
  )
}

/** Monthly statements, as CSV (for a spreadsheet or an accountant) and JSON. */
function Statements() {
  const months = recentStatementMonths(new Date(), STATEMENT_MONTHS)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const download = async (month: string, format: "csv" | "json") => {
    setBusy(`${month}.${format}`)
    setError(null)
    try {
      if (format === "csv") {
        saveFile(await api.payouts.statementCsv(month), "text/csv", `atelier-statement-${month}.csv`)
      } else {
        const { statement } = await api.payouts.statement(month)
        saveFile(JSON.stringify(statement, null, 2), "application/json", `atelier-statement-${month}.json`)
      }
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="flex flex-col gap-3 px-6 py-4" data-testid="statements">
      <Text size="small" weight="plus">
        Monthly statements
      </Text>
      <Text size="small" className="text-ui-fg-subtle">
        Every movement of a month (UTC), with the balance at its start and end.
      </Text>
      <ul className="flex flex-col divide-y">
        {months.map((month) => (
          <li key={month} className="flex items-center justify-between gap-4 py-2" data-statement={month}>
            <Text size="small">{monthName(month)}</Text>
            <div className="flex gap-2">
              <Button size="small" variant="secondary" isLoading={busy === `${month}.csv`} onClick={() => void download(month, "csv")}>
                CSV
              </Button>
              <Button size="small" variant="transparent" isLoading={busy === `${month}.json`} onClick={() => void download(month, "json")}>
                JSON
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </div>
  )
}

/** /payouts: the organization's money, for every member: the balance, the ledger and the monthly statements. */
export function PayoutsPage() {
  return (
    <>
      <Container className="p-0">
        <PageHeader
          title="Payouts"
          subtitle={
            <>
              What you earned and what was sent to your account. Your Stripe account is set up on the{" "}
              <Link to="/settings/payouts" className="text-ui-fg-interactive">
                payout onboarding
              </Link>{" "}
              page.
            </>
          }
        />
      </Container>
      <Balance />
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Text size="small" weight="plus">
            Ledger
          </Text>
        </div>
        <Ledger />
      </Container>
      <Container className="p-0">
        <Statements />
      </Container>
    </>
  )
}
