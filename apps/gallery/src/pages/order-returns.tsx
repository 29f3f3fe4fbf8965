// The tracking page's after-sale part (docs/returns.md, docs/refunds.md): an artist order's refunded amount and
// returns, and the form asking that artist to take items back. Shown only once there is something to show (a refund,
// a return) or to do (a shipped order): an order without either looks as the contract's.
import { Badge, Button, Checkbox, Input, Label, Text, Textarea } from "@medusajs/ui"
import { useState } from "react"
import { ReturnRequestFormSchema } from "../../../../src/lib/form-schemas"
import type { GalleryArtistOrder, GalleryOrder } from "../../../../src/sdk"
import { dateTime, money } from "../../../shared/format"
import { NativeSelect } from "../../../shared/native-select"
import { useForm } from "../../../shared/use-form"
import { Field, FormError } from "../components/field"
import { rememberedOrderEmail, rememberOrderEmail } from "../order-email"
import { sdk } from "../sdk"

type PublicReturn = NonNullable<GalleryArtistOrder["returns"]>[number]

const RETURN_WORDS: Record<string, { label: string; color: "orange" | "green" | "red" | "blue" | "grey" }> = {
  requested: { label: "Return requested", color: "orange" },
  accepted: { label: "Return accepted", color: "blue" },
  refused: { label: "Return refused", color: "red" },
  received: { label: "Returned and refunded", color: "green" },
}

/** What the customer reads about a return's status: the step, and what happens next. */
function returnExplanation(status: string, artistName: string): string {
  switch (status) {
    case "requested":
      return `${artistName} has your request and will answer by email.`
    case "accepted":
      return `${artistName} accepted: send the items back as they say below. You are refunded once they arrive.`
    case "refused":
      return `${artistName} cannot take these items back.`
    case "received":
      return `${artistName} received the items; their price was refunded to your card.`
    default:
      return ""
  }
}

/** Quantities of each product still free for a return: bought, minus those in returns not refused. */
function returnableQuantities(artistOrder: GalleryArtistOrder): Record<string, number> {
  const left: Record<string, number> = {}
  for (const item of artistOrder.items) left[item.productId] = (left[item.productId] ?? 0) + item.quantity
  for (const ret of artistOrder.returns ?? []) {
    if (ret.status === "refused") continue
    for (const line of ret.items) left[line.productId] = Math.max(0, (left[line.productId] ?? 0) - line.quantity)
  }
  return left
}

function ReturnEntry({ artistOrder, entry }: { artistOrder: GalleryArtistOrder; entry: PublicReturn }) {
  const words = RETURN_WORDS[entry.status] ?? { label: entry.status, color: "grey" as const }
  const nameOf = (productId: string) => artistOrder.items.find((item) => item.productId === productId)?.productName ?? "An item"
  return (
    <li className="flex flex-col gap-1" data-return={entry.id} data-return-status={entry.status}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge size="2xsmall" color={words.color}>
          {words.label}
        </Badge>
        <Text size="xsmall" className="text-ui-fg-subtle">
          asked {dateTime(entry.requestedAt)}
        </Text>
      </div>
      <Text size="small">{entry.items.map((line) => `${line.quantity} × ${nameOf(line.productId)}`).join(", ")}</Text>
      <Text size="small" className="text-ui-fg-subtle">
        {returnExplanation(entry.status, artistOrder.artistName)}
      </Text>
      {entry.status === "accepted" && entry.instructions && (
        <div className="bg-ui-bg-subtle rounded-md px-3 py-2" data-testid="return-instructions">
          <Text size="xsmall" weight="plus">
            How to send them back
          </Text>
          <Text size="small" className="whitespace-pre-line">
            {entry.instructions}
          </Text>
        </div>
      )}
      {entry.status === "refused" && entry.refusalReason && (
        <Text size="small" data-testid="return-refusal">
          Why: {entry.refusalReason}
        </Text>
      )}
    </li>
  )
}

/** The refunded amount and the returns of an artist order; nothing when it has neither. */
export function AfterSale({ artistOrder }: { artistOrder: GalleryArtistOrder }) {
  const refunded = artistOrder.refundedAmount ?? 0
  const returns = artistOrder.returns ?? []
  if (refunded <= 0 && returns.length === 0) return null
  return (
    <div className="border-ui-border-base flex flex-col gap-3 border-t pt-3" data-testid={`after-sale-${artistOrder.orgId}`}>
      {refunded > 0 && (
        <div className="txt-compact-small-plus flex justify-between" data-testid={`order-refunded-${artistOrder.orgId}`}>
          <span>Refunded to your card</span>
          <span>{money(refunded)}</span>
        </div>
      )}
      {returns.length > 0 && (
        <div className="flex flex-col gap-2">
          <Text size="small" weight="plus">
            {returns.length === 1 ? "Your return" : "Your returns"}
          </Text>
          <ul className="flex flex-col gap-3">
            {[...returns].reverse().map((entry) => (
              <ReturnEntry key={entry.id} artistOrder={artistOrder} entry={entry} />
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

const RETURN_FIELDS = ["items", "reason", "email"] as const

/** Whether the buyer may ask this artist for a return now (shipped; the window and the rest the server checks). */
export function canAskForReturn(order: GalleryOrder, artistOrder: GalleryArtistOrder): boolean {
  const shipped = artistOrder.status === "shipped" || artistOrder.status === "delivered"
  return shipped && order.status !== "cancelled" && Object.values(returnableQuantities(artistOrder)).some((left) => left > 0)
}

/**
 * Asks one artist to take items back: which items and how many (of those not already in a return), why, and the
 * order's full email (its second key; prefilled in the tab that placed the order). Checked as the route checks it
 * (src/lib/form-schemas.ts) before sending; the window and the quantities left only the server knows.
 */
export function ReturnForm({
  order,
  artistOrder,
  onSent,
  onCancel,
}: {
  order: GalleryOrder
  artistOrder: GalleryArtistOrder
  onSent: () => void
  onCancel: () => void
}) {
  const prefix = `return-${artistOrder.orgId}`
  const left = returnableQuantities(artistOrder)
  const lines = artistOrder.items.filter((item) => (left[item.productId] ?? 0) > 0)
  const [chosen, setChosen] = useState<Record<string, number>>(() =>
    lines.length === 1 && left[lines[0].productId] === 1 ? { [lines[0].productId]: 1 } : {}
  )
  const [reason, setReason] = useState("")
  const [email, setEmail] = useState(() => rememberedOrderEmail(order.publicId))
  const { errors, busy, onSubmit } = useForm(RETURN_FIELDS)
  const items = Object.entries(chosen)
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, quantity]) => ({ productId, quantity }))
  const submit = onSubmit(
    async () => {
      try {
        await sdk.gallery.orders.requestReturn(order.publicId, { orgId: artistOrder.orgId, items, reason, email })
      } catch (error) {
        // A wrong email answers like an unknown order (the email is a credential): say which to check.
        if ((error as { status?: number } | null)?.status === 404) {
          throw Object.assign(new Error(`${(error as Error).message}. Check that the email is the one this order was placed with.`), { status: 404 })
        }
        throw error
      }
      rememberOrderEmail(order.publicId, email)
      onSent()
    },
    () => ({ checks: [ReturnRequestFormSchema.safeParse({ items, reason, email })] })
  )
  const itemsErrorId = `${prefix}-items-error`
  return (
    <form onSubmit={submit} noValidate aria-label={`Return items to ${artistOrder.artistName}`} className="bg-ui-bg-subtle flex flex-col gap-3 rounded-lg p-4">
      <Text weight="plus">Return items to {artistOrder.artistName}</Text>
      <FormError message={errors.form} />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.fields.items ? itemsErrorId : undefined}>
        <legend className="txt-compact-small-plus mb-1">What are you sending back?</legend>
        {lines.map((item) => {
          const id = `${prefix}-item-${item.productId}`
          const max = left[item.productId] ?? 0
          const quantity = chosen[item.productId] ?? 0
          return (
            <div key={item.productId} className="flex items-center gap-3" data-return-item={item.productId}>
              <Checkbox
                id={id}
                checked={quantity > 0}
                onCheckedChange={(checked) => setChosen((current) => ({ ...current, [item.productId]: checked === true ? max : 0 }))}
              />
              <Label htmlFor={id} size="small" className="flex-1">
                {item.productName}
              </Label>
              {max > 1 && (
                <div className="w-20">
                  <NativeSelect
                    id={`${id}-quantity`}
                    aria-label={`How many of ${item.productName}`}
                    value={String(quantity)}
                    onChange={(e) => setChosen((current) => ({ ...current, [item.productId]: Number(e.target.value) }))}
                  >
                    {Array.from({ length: max + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              )}
            </div>
          )
        })}
        {errors.fields.items && (
          <Text id={itemsErrorId} size="small" className="text-ui-fg-error" data-field-error={`${prefix}-items`}>
            {errors.fields.items}
          </Text>
        )}
      </fieldset>
      <Field id={`${prefix}-reason`} label="Why are you returning them?" error={errors.fields.reason}>
        <Textarea
          id={`${prefix}-reason`}
          rows={3}
          maxLength={500}
          aria-invalid={errors.fields.reason ? true : undefined}
          aria-describedby={errors.fields.reason ? `${prefix}-reason-error` : undefined}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <Field id={`${prefix}-email`} label="Email used for this order" error={errors.fields.email}>
        <Input
          id={`${prefix}-email`}
          type="email"
          autoComplete="email"
          placeholder={order.email}
          aria-invalid={errors.fields.email ? true : undefined}
          aria-describedby={errors.fields.email ? `${prefix}-email-error` : undefined}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Text size="small" className="text-ui-fg-subtle">
        {artistOrder.artistName} answers by email with how to send the items back. You are refunded for them once they arrive.
      </Text>
      <div className="flex gap-2">
        <Button type="submit" size="small" isLoading={busy} className="w-fit">
          Ask for a return
        </Button>
        <Button type="button" size="small" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
