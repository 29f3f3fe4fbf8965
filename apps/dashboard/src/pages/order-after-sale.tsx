// An order's refunds and a gallery order's returns on the dashboard's order page (docs/refunds.md, docs/returns.md):
// every member reads them; owners refund (by items with or without the shipping, or by an amount) and accept, refuse
// or receive the customer's returns. Forms are checked with the shared schemas (src/lib/form-schemas.ts) before sending; the
// server's refusals (more than was paid, a step the return's status does not allow) show next to the field they name
// or above the form.
import { Button, Checkbox, Container, Heading, Input, Label, Text, Textarea } from "@medusajs/ui"
import { useState } from "react"
import { AcceptReturnFormSchema, RefundFormSchema, RefuseReturnFormSchema } from "../../../../src/lib/form-schemas"
import type { DashboardOrderDetail, OrderRefund, OrderReturn } from "../../../../src/sdk"
import { dateTime, money, statusLabel } from "../../../shared/format"
import { Status } from "../../../shared/status"
import { useAsync } from "../../../shared/use-async"
import { useForm } from "../../../shared/use-form"
import { api } from "../api"
import { Field, FormError } from "../components/field"
import { ErrorState, LoadingState } from "../components/states"
import { Table } from "../components/table"
import { useOrganization } from "../session"

/** Orders the customer paid and that were not cancelled (the API refuses the others with its own message). */
const REFUNDABLE = new Set(["paid", "processing", "shipped", "delivered"])

const REFUND_FIELDS = ["reason", "items", "include_shipping", "amount"] as const

/** Owners: refund items (quantities of the order's lines) and/or the shipping, or an amount in dollars, with a reason. */
function RefundForm({ order, onRefunded }: { order: DashboardOrderDetail; onRefunded: () => void }) {
  const [quantities, setQuantities] = useState<Record<string, string>>({})
  const [includeShipping, setIncludeShipping] = useState(false)
  const [amount, setAmount] = useState("")
  const [reason, setReason] = useState("")
  const [done, setDone] = useState<OrderRefund | null>(null)
  const { errors, busy, onSubmit } = useForm(REFUND_FIELDS)
  const body = () => {
    const items = Object.entries(quantities)
      .filter(([, quantity]) => quantity.trim() !== "" && Number(quantity) !== 0)
      .map(([id, quantity]) => ({ id, quantity: Number(quantity) }))
    return {
      reason,
      ...(items.length ? { items } : {}),
      ...(includeShipping ? { include_shipping: true } : {}),
      ...(amount.trim() ? { amount: Number(amount) } : {}),
    }
  }
  const submit = onSubmit(
    async () => {
      const { refund } = await api.orders.refunds.create(order.id, body())
      setDone(refund)
      setQuantities({})
      setIncludeShipping(false)
      setAmount("")
      setReason("")
      onRefunded()
    },
    () => ({ checks: [RefundFormSchema.safeParse(body())] })
  )
  return (
    <form onSubmit={submit} noValidate aria-label="Refund" className="flex flex-col gap-4 px-6 py-4">
      <Text size="small" className="text-ui-fg-subtle">
        {order.source === "gallery"
          ? "The customer gets back what they paid for the part refunded (with its gallery fee and card processing); your payout gives back your share of it."
          : "The customer gets back what they paid for the part refunded; your Stripe account gives it back, less the platform fee returned with it."}
      </Text>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.fields.items ? "refund-items-error" : undefined}>
        <legend className="txt-compact-small-plus mb-1">Items</legend>
        {order.items.map((item) => (
          <div key={item.id} className="flex items-center gap-3" data-refund-item={item.id}>
            <Label htmlFor={`refund-item-${item.id}`} size="small" className="flex-1">
              {item.title} <span className="text-ui-fg-subtle">({item.quantity} bought)</span>
            </Label>
            <Input
              id={`refund-item-${item.id}`}
              className="w-20"
              type="number"
              min={0}
              max={item.quantity}
              inputMode="numeric"
              placeholder="0"
              aria-label={`Quantity of ${item.title} to refund`}
              value={quantities[item.id] ?? ""}
              onChange={(e) => setQuantities((current) => ({ ...current, [item.id]: e.target.value }))}
            />
          </div>
        ))}
        {order.shipping_cost > 0 && (
          <div className="flex items-center gap-2">
            <Checkbox id="refund-include-shipping" checked={includeShipping} onCheckedChange={(checked) => setIncludeShipping(checked === true)} />
            <Label htmlFor="refund-include-shipping" size="small">
              Include the shipping ({money(order.shipping_cost)})
            </Label>
          </div>
        )}
        {(errors.fields.items || errors.fields.include_shipping) && (
          <Text id="refund-items-error" size="small" className="text-ui-fg-error" data-field-error="refund-items">
            {errors.fields.items ?? errors.fields.include_shipping}
          </Text>
        )}
      </fieldset>
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-3">
        <Field id="refund-amount" label="Or an amount (USD)" optional error={errors.fields.amount}>
          <Input
            id="refund-amount"
            inputMode="decimal"
            placeholder="10.00"
            aria-invalid={errors.fields.amount ? true : undefined}
            aria-describedby={errors.fields.amount ? "refund-amount-error" : undefined}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <div className="md:col-span-2">
          <Field id="refund-reason" label="Reason" error={errors.fields.reason}>
            <Input
              id="refund-reason"
              maxLength={500}
              aria-invalid={errors.fields.reason ? true : undefined}
              aria-describedby={errors.fields.reason ? "refund-reason-error" : undefined}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        </div>
      </div>
      <FormError message={errors.form} />
      <div className="flex items-center justify-end gap-3">
        {done && (
          <Text size="small" role="status" className="text-ui-fg-subtle">
            Refunded {money(done.amount)} ({statusLabel(done.status).toLowerCase()}).
          </Text>
        )}
        <Button type="submit" size="small" isLoading={busy}>
          Refund
        </Button>
      </div>
    </form>
  )
}

const SOURCE_WORDS: Record<string, string> = {
  artist: "You",
  admin: "The gallery",
  return: "A return",
  cancellation: "Cancellation",
  provider: "Stripe's dashboard",
}

function RefundList({ refunds }: { refunds: OrderRefund[] }) {
  if (!refunds.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="no-refunds">
        Nothing refunded yet.
      </Text>
    )
  }
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>Date</Table.HeaderCell>
          <Table.HeaderCell>Status</Table.HeaderCell>
          <Table.HeaderCell>Reason</Table.HeaderCell>
          <Table.HeaderCell>By</Table.HeaderCell>
          <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
          <Table.HeaderCell className="text-right">Your share</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {refunds.map((refund) => (
          <Table.Row key={refund.id} data-refund={refund.id} data-refund-source={refund.source}>
            <Table.Cell>{dateTime(refund.refunded_at ?? refund.created_at)}</Table.Cell>
            <Table.Cell>
              <Status status={refund.status} />
            </Table.Cell>
            <Table.Cell>{refund.reason}</Table.Cell>
            <Table.Cell>{SOURCE_WORDS[refund.source] ?? statusLabel(refund.source)}</Table.Cell>
            <Table.Cell className="text-right" data-testid="refund-amount">
              {money(refund.amount)}
            </Table.Cell>
            <Table.Cell className="text-right">{money(-refund.artist_share)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

const ACCEPT_FIELDS = ["instructions"] as const
const REFUSE_FIELDS = ["reason"] as const

/** Owners' steps on one return: accept with instructions or refuse with a reason (requested), mark received (accepted). */
function ReturnActions({ order, entry, onMoved }: { order: DashboardOrderDetail; entry: OrderReturn; onMoved: () => void }) {
  const [instructions, setInstructions] = useState("")
  const [refusal, setRefusal] = useState("")
  const [refusing, setRefusing] = useState(false)
  const accept = useForm(ACCEPT_FIELDS)
  const refuse = useForm(REFUSE_FIELDS)
  const receive = useForm([] as const)
  const prefix = `return-${entry.id}`
  if (entry.status === "accepted") {
    return (
      <form
        aria-label="Mark the return received"
        noValidate
        className="flex flex-col gap-2"
        onSubmit={receive.onSubmit(async () => {
          await api.orders.returns.receive(order.id, entry.id)
          onMoved()
        })}
      >
        <FormError message={receive.errors.form} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="small" isLoading={receive.busy}>
            Mark received
          </Button>
          <Text size="xsmall" className="text-ui-fg-subtle">
            Refunds the returned items to the customer and puts them back in stock.
          </Text>
        </div>
      </form>
    )
  }
  if (entry.status !== "requested") return null
  return (
    <div className="flex flex-col gap-3">
      {!refusing ? (
        <form
          aria-label="Accept the return"
          noValidate
          className="flex flex-col gap-2"
          onSubmit={accept.onSubmit(
            async () => {
              await api.orders.returns.accept(order.id, entry.id, { instructions: instructions.trim() || null })
              onMoved()
            },
            () => ({ checks: [AcceptReturnFormSchema.safeParse({ instructions })] })
          )}
        >
          <Field
            id={`${prefix}-instructions`}
            label="Instructions for the customer"
            optional
            hint="Where and how to send the items back; emailed to the customer and shown on their tracking page."
            error={accept.errors.fields.instructions}
          >
            <Textarea
              id={`${prefix}-instructions`}
              rows={3}
              maxLength={2000}
              aria-invalid={accept.errors.fields.instructions ? true : undefined}
              value={instructions}
              onChange={(e) => setInstructions(e.target.value)}
            />
          </Field>
          <FormError message={accept.errors.form} />
          <div className="flex gap-2">
            <Button type="submit" size="small" isLoading={accept.busy}>
              Accept
            </Button>
            <Button type="button" size="small" variant="secondary" onClick={() => setRefusing(true)} disabled={accept.busy}>
              Refuse…
            </Button>
          </div>
        </form>
      ) : (
        <form
          aria-label="Refuse the return"
          noValidate
          className="flex flex-col gap-2"
          onSubmit={refuse.onSubmit(
            async () => {
              await api.orders.returns.refuse(order.id, entry.id, { reason: refusal })
              onMoved()
            },
            () => ({ checks: [RefuseReturnFormSchema.safeParse({ reason: refusal })] })
          )}
        >
          <Field id={`${prefix}-refusal`} label="Why you refuse" hint="The customer reads it." error={refuse.errors.fields.reason}>
            <Textarea
              id={`${prefix}-refusal`}
              rows={2}
              maxLength={500}
              aria-invalid={refuse.errors.fields.reason ? true : undefined}
              value={refusal}
              onChange={(e) => setRefusal(e.target.value)}
            />
          </Field>
          <FormError message={refuse.errors.form} />
          <div className="flex gap-2">
            <Button type="submit" size="small" variant="danger" isLoading={refuse.busy}>
              Refuse
            </Button>
            <Button type="button" size="small" variant="secondary" onClick={() => setRefusing(false)} disabled={refuse.busy}>
              Back
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}

function ReturnCard({ order, entry, onMoved }: { order: DashboardOrderDetail; entry: OrderReturn; onMoved: () => void }) {
  const { isOwner } = useOrganization()
  const titleOf = (productId: string) => order.items.find((item) => item.product_id === productId)?.title ?? productId
  const when = entry.received_at ?? entry.refused_at ?? entry.accepted_at ?? entry.requested_at
  return (
    <div className="flex flex-col gap-3 px-6 py-4" data-return={entry.id} data-return-status={entry.status}>
      <div className="flex flex-wrap items-center gap-2">
        <Status status={entry.status} />
        <Text size="small" className="text-ui-fg-subtle">
          asked {dateTime(entry.requested_at)}
          {entry.status !== "requested" && ` · ${entry.status} ${dateTime(when)}`}
        </Text>
      </div>
      <div className="flex flex-col gap-1">
        <Text size="small" weight="plus" data-testid="return-items">
          {entry.items.map((line) => `${line.quantity} × ${titleOf(line.product_id)}`).join(", ")}
        </Text>
        <Text size="small">
          <span className="text-ui-fg-subtle">Customer's reason: </span>
          {entry.reason}
        </Text>
        {entry.instructions && (
          <Text size="small" className="whitespace-pre-line">
            <span className="text-ui-fg-subtle">Your instructions: </span>
            {entry.instructions}
          </Text>
        )}
        {entry.refusal_reason && (
          <Text size="small">
            <span className="text-ui-fg-subtle">Refused: </span>
            {entry.refusal_reason}
          </Text>
        )}
        {entry.status === "received" && (
          <Text size="small" className="text-ui-fg-subtle">
            Received; the items were refunded{entry.refund_id ? "" : " (the refund is being made)"} and are back in stock.
          </Text>
        )}
      </div>
      {isOwner ? (
        <ReturnActions order={order} entry={entry} onMoved={onMoved} />
      ) : (
        (entry.status === "requested" || entry.status === "accepted") && (
          <Text size="xsmall" className="text-ui-fg-subtle">
            Only the organization's owners handle returns.
          </Text>
        )
      )}
    </div>
  )
}

/**
 * The Refunds panel of an order, and a gallery order's Returns panel; `onChanged` reloads the order (its payout changes
 * with a refund).
 */
export function AfterSalePanels({ order, onChanged }: { order: DashboardOrderDetail; onChanged: () => void }) {
  const { isOwner } = useOrganization()
  const refunds = useAsync(() => api.orders.refunds.list(order.id).then((r) => r.refunds), [order.id])
  // Returns are asked for on the gallery's tracking page: a store order has none.
  const returns = useAsync(
    () => (order.source === "gallery" ? api.orders.returns.list(order.id).then((r) => r.returns) : Promise.resolve([])),
    [order.id, order.source]
  )
  const reload = () => {
    refunds.reload()
    returns.reload()
    onChanged()
  }
  return (
    <>
      {order.source === "gallery" && (
        <Container aria-label="Returns" className="divide-y p-0" data-testid="returns-panel">
          <div className="flex flex-col gap-1 px-6 py-4">
            <Heading level="h2">Returns</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              The customer asks from the gallery's tracking page, within your return window (Settings › Shipping).
            </Text>
          </div>
          {returns.status === "loading" && (
            <div className="px-6 py-4">
              <LoadingState label="Loading the returns" rows={1} />
            </div>
          )}
          {returns.status === "error" && <ErrorState title="The returns could not be loaded" error={returns.error} onRetry={returns.reload} inline />}
          {returns.status === "success" &&
            (returns.data.length === 0 ? (
              <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="no-returns">
                No returns asked for.
              </Text>
            ) : (
              [...returns.data].reverse().map((entry) => <ReturnCard key={entry.id} order={order} entry={entry} onMoved={reload} />)
            ))}
        </Container>
      )}
      <Container aria-label="Refunds" className="divide-y p-0" data-testid="refunds-panel">
        <div className="flex flex-col gap-1 px-6 py-4">
          <Heading level="h2">Refunds</Heading>
        </div>
        {refunds.status === "loading" && (
          <div className="px-6 py-4">
            <LoadingState label="Loading the refunds" rows={1} />
          </div>
        )}
        {refunds.status === "error" && <ErrorState title="The refunds could not be loaded" error={refunds.error} onRetry={refunds.reload} inline />}
        {refunds.status === "success" && <RefundList refunds={refunds.data} />}
        {!isOwner ? (
          <Text size="xsmall" className="text-ui-fg-subtle px-6 py-4">
            Only the organization's owners can refund an order.
          </Text>
        ) : REFUNDABLE.has(order.status) ? (
          <RefundForm order={order} onRefunded={reload} />
        ) : (
          <Text size="xsmall" className="text-ui-fg-subtle px-6 py-4">
            Nothing to refund while the order is {statusLabel(order.status).toLowerCase()}.
          </Text>
        )}
      </Container>
    </>
  )
}
