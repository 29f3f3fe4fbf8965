// What an email provider that sends finished messages (Resend) makes of a notification: its subject, HTML and text.
// A notification with `content` (campaigns, sales digests) is sent as given; the others are rendered here from their
// template and data (order confirmations, new-order emails, shipping, cart reminder, payout and webhook alerts). Pure: no I/O.

export type RenderedEmail = { subject: string; html: string; text: string }

type Data = Record<string, unknown>

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string)

const str = (value: unknown): string => (value === null || value === undefined ? "" : String(value))
const money = (value: unknown): string => (typeof value === "number" ? `$${value.toFixed(2)}` : str(value))

type Line = { name: string; quantity: unknown; price: unknown }

function lines(items: unknown, nameField: string): Line[] {
  if (!Array.isArray(items)) return []
  return items.map((item: Data) => ({ name: str(item[nameField] ?? item.title), quantity: item.quantity, price: item.price }))
}

/** A shipping address on one line: `name, line1, line2, city, state postal_code, country` (line2 only when given). */
function addressLine(value: unknown): string {
  if (!value || typeof value !== "object") return ""
  const a = value as Data
  const cityLine = [str(a.city), [str(a.state), str(a.postal_code)].filter(Boolean).join(" ")].filter(Boolean).join(", ")
  return [str(a.name), str(a.line1), str(a.line2), cityLine, str(a.country)].filter(Boolean).join(", ")
}

/** The confirmation's shipping line, when an artist charged shipping: the sum and each artist's method and amount. */
function shippingParagraph(d: Data): string[] {
  if (!(Number(d.shipping) > 0)) return []
  const charged = (Array.isArray(d.artistOrders) ? d.artistOrders : []).filter((a: Data) => Number(a.shipping) > 0)
  const parts = charged.map((a: Data) => `${str(a.artistName)}, ${str(a.shippingMethod)}: ${money(a.shipping)}`)
  return [`Shipping: ${money(d.shipping)} (${parts.join("; ")}).`]
}

/** A subject, paragraphs and item lines as HTML and as text. */
function compose(subject: string, paragraphs: string[], items: Line[] = []): RenderedEmail {
  const itemHtml = items.length
    ? `<ul>${items.map((i) => `<li>${escapeHtml(i.name)} × ${escapeHtml(str(i.quantity))} — ${escapeHtml(money(i.price))}</li>`).join("")}</ul>`
    : ""
  const itemText = items.map((i) => `- ${i.name} x ${str(i.quantity)}: ${money(i.price)}`).join("\n")
  return {
    subject,
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}${itemHtml}`,
    text: [...paragraphs, itemText].filter(Boolean).join("\n\n"),
  }
}

/** A dispute's status in words, its subject, its due date (disputes' emails). */
const DISPUTE_STATUS_TEXT: Record<string, string> = {
  warning_needs_response: "an inquiry awaiting a response",
  warning_under_review: "an inquiry under review",
  warning_closed: "closed",
  needs_response: "awaiting a response",
  under_review: "under review",
  won: "won",
  lost: "lost",
}
const disputeStatusText = (status: unknown) => DISPUTE_STATUS_TEXT[str(status)] ?? str(status)
const isClosedDispute = (status: unknown) => ["won", "lost", "warning_closed"].includes(str(status))
const disputeSubject = (d: Data) => (str(d.publicId) ? `gallery order ${str(d.publicId)}` : "a store sale")
const dueDate = (value: unknown) => {
  const date = new Date(str(value))
  return Number.isNaN(date.getTime()) ? str(value) : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`
}

const TEMPLATES: Record<string, (data: Data) => RenderedEmail> = {
  "gallery-order-confirmation": (d) =>
    compose(
      `Your gallery order ${str(d.publicId)}`,
      [
        `Thank you for your order ${str(d.publicId)}.`,
        ...shippingParagraph(d),
        `Total charged: ${money(d.total)}.`,
      ],
      Array.isArray(d.artistOrders) ? d.artistOrders.flatMap((a: Data) => lines(a.items, "productName")) : []
    ),
  "gallery-artist-new-order": (d) =>
    compose(
      `New gallery order ${str(d.publicId)}`,
      [
        `You have a new gallery order (${str(d.publicId)}): ${money(d.subtotal)}` +
          (Number(d.shipping) > 0 ? `, shipping ${money(d.shipping)} (${str(d.shippingMethod)})` : "") +
          `, your payout ${money(d.artistPayout)}.`,
      ],
      lines(d.items, "productName")
    ),
  "gallery-order-shipped": (d) =>
    compose(
      `Your order from ${str(d.artistName)} has shipped`,
      [
        `${str(d.artistName)} has shipped part of your order ${str(d.publicId)}.`,
        d.trackingUrl ? `Track it: ${str(d.trackingUrl)}` : `Tracking number: ${str(d.trackingNumber) || "not given"}.`,
      ],
      lines(d.items, "productName")
    ),
  "gallery-address-changed": (d) => {
    const artist = str(d.artistName) || "the artist"
    const done = d.firstAddress ? "set" : "changed"
    return compose(`Shipping address for ${artist} ${done} on order ${str(d.publicId)}`, [
      `The address ${artist} will ship your part of order ${str(d.publicId)} to was ${done} to:`,
      addressLine(d.shippingAddress) || "(no address)",
      `If you did not make this change, contact the gallery right away, before ${artist} ships.`,
    ])
  },
  "store-cart-reminder": (d) => {
    const rendered = compose(
      str(d.subject) || `You left something in your cart at ${str(d.store_name)}`,
      [`Your cart at ${str(d.store_name)} is waiting: ${money(d.total)}.`],
      lines(d.items, "title")
    )
    const url = str(d.unsubscribe_url)
    if (!url) return rendered
    return {
      ...rendered,
      html: `${rendered.html}<p style="font-size:12px"><a href="${escapeHtml(url)}">Unsubscribe</a></p>`,
      text: `${rendered.text}\n\nUnsubscribe: ${url}`,
    }
  },
  "store-order-confirmation": (d) =>
    compose(
      `Your order from ${str(d.storeName) || "the store"}`,
      [
        `Thank you for your order from ${str(d.storeName) || "the store"}.`,
        ...(Number(d.shipping) > 0 ? [`Shipping: ${money(d.shipping)} (${str(d.shippingMethod) || "shipping"}).`] : []),
        `Total charged: ${money(d.total)}.`,
      ],
      lines(d.items, "productName")
    ),
  "store-artist-new-order": (d) =>
    compose(
      `New store order from ${str(d.customerEmail)}`,
      [
        `You have a new order in your store: ${money(d.subtotal)}` +
          (Number(d.shipping) > 0 ? `, shipping ${money(d.shipping)} (${str(d.shippingMethod) || "shipping"})` : "") +
          ` from ${str(d.customerEmail)}.`,
        ...(addressLine(d.shippingAddress) ? [`Ship to: ${addressLine(d.shippingAddress)}.`] : []),
      ],
      lines(d.items, "productName")
    ),
  "gallery-refund-issued": (d) =>
    compose(
      `Refund of ${money(d.amount)} on your order ${str(d.publicId)}`,
      [
        `${str(d.artistName)} refunded ${money(d.amount)} of your order ${str(d.publicId)}` +
          (Number(d.shipping) > 0 ? `, shipping ${money(d.shipping)} included` : "") +
          `. It goes back to the card you paid with; your bank may take 5 to 10 days to show it.`,
        ...(str(d.reason) ? [`Reason: ${str(d.reason)}`] : []),
      ],
      lines(d.items, "productName")
    ),
  "gallery-artist-refund-issued": (d) =>
    compose(`Refund of ${money(d.amount)} on ${d.store ? "store" : "gallery"} order ${str(d.publicId)}`, [
      `A refund of ${money(d.amount)} was made to the customer of ${d.store ? "your store's" : "gallery"} order ${str(d.publicId)}.`,
      d.store
        ? `${money(d.artistShare)} comes back from your account for it (the platform fee on the refunded part is returned).`
        : `${money(d.artistShare)} of your payout comes back for it` +
          (d.payoutAction === "reduction" ? " (your payout, not yet sent, is smaller)." : " (taken back from your transfer)."),
      ...(str(d.reason) ? [`Reason: ${str(d.reason)}`] : []),
    ]),
  "gallery-return-requested": (d) =>
    compose(
      `Return requested on gallery order ${str(d.publicId)}`,
      [
        `The customer of gallery order ${str(d.publicId)} asks to return these items.`,
        `Reason: ${str(d.reason)}`,
        "Accept it with return instructions, or refuse it with a reason, from the order in your dashboard.",
      ],
      lines(d.items, "productName")
    ),
  "gallery-return-accepted": (d) =>
    compose(
      `${str(d.artistName)} accepted your return`,
      [
        `${str(d.artistName)} accepted the return of these items from your order ${str(d.publicId)}.`,
        `How to send them back: ${str(d.instructions) || "the artist will contact you."}`,
        "You are refunded once the artist has received them.",
      ],
      lines(d.items, "productName")
    ),
  "gallery-return-refused": (d) =>
    compose(`${str(d.artistName)} could not accept your return`, [
      `${str(d.artistName)} could not accept the return of items from your order ${str(d.publicId)}.`,
      `Reason: ${str(d.refusalReason)}`,
    ]),
  "webhook-endpoint-disabled": (d) =>
    compose(`Webhook endpoint disabled: ${str(d.url)}`, [
      `Atelier stopped sending webhooks to ${str(d.url)} after ${str(d.consecutive_failures)} failed deliveries in a row.`,
      "Fix the endpoint, then enable it again in your webhook settings.",
    ]),
  "gallery-dispute-admin": (d) =>
    compose(`Dispute ${disputeStatusText(d.status)}: ${disputeSubject(d)}`, [
      `A ${money(d.amount)} dispute (${str(d.reason)}) on ${disputeSubject(d)} is ${disputeStatusText(d.status)}.`,
      ...(str(d.evidenceDueBy) && !isClosedDispute(d.status) ? [`Evidence is due by ${dueDate(d.evidenceDueBy)}.`] : []),
      ...(Array.isArray(d.artists) && d.artists.length ? [`Artists concerned: ${d.artists.map(str).join(", ")}.`] : []),
      `Provider dispute: ${str(d.providerDisputeId)}.`,
    ]),
  "gallery-dispute-artist": (d) =>
    compose(`Dispute ${disputeStatusText(d.status)}: ${disputeSubject(d)}`, [
      `The customer disputed ${money(d.amount)} of ${disputeSubject(d)} with their bank (${str(d.reason)}); the dispute is ${disputeStatusText(d.status)}.`,
      ...(isClosedDispute(d.status)
        ? d.status === "lost"
          ? [`The bank ruled for the customer: ${money(d.takenBack)} of your payout comes back for it.`]
          : ["The bank ruled for the gallery: payouts held for this order are released."]
        : [
            ...(str(d.evidenceDueBy) ? [`Evidence is due by ${dueDate(d.evidenceDueBy)}.`] : []),
            "Your payout for this order is held until the dispute ends. Reply with tracking, delivery confirmation or messages with the customer.",
          ]),
    ]),
  "gallery-provider-refund": (d) =>
    compose(`Refund made outside Atelier on order ${str(d.publicId)}`, [
      `The payment provider reports a refund (${str(d.refundId)}) on gallery order ${str(d.publicId)} that Atelier did not make; ${money(d.refundedInAll)} of its ${money(d.total)} is refunded in all.`,
      `Record it on the artist orders concerned (POST /api/admin/orders/{id}/refunds with provider_refund_id ${str(d.refundId)}) so their payouts and the ledger follow; no second refund is made.`,
    ]),
  "gallery-reconciliation-mismatch": (d) => {
    const mismatches = Array.isArray(d.mismatches) ? (d.mismatches as Data[]) : []
    return compose(`Reconciliation: ${mismatches.length} charges of ${str(d.date)} do not add up`, [
      `Of the ${str(d.charges)} charges of ${str(d.date)} (UTC), ${mismatches.length} do not add up: charge = transfers sent - reversals + pending transfers + commission + processing fee + refunds + disputes.`,
      ...mismatches.map(
        (m) => `${str(m.kind) === "store_payment" ? "Store payment" : "Gallery order"} ${str(m.public_id ?? m.id)}: off by ${money(m.difference)}.`
      ),
      `The details: GET /api/admin/reconciliation?date=${str(d.date)}.`,
    ])
  },
  "gallery-payout-failing": (d) =>
    compose(`Payout failing for ${str(d.artistName)}`, [
      `The payout ${str(d.payoutId)} (${money(d.amount)}) of order ${str(d.publicId)} has failed ${str(d.attempts)} times.`,
      `Last error: ${str(d.lastError) || "unknown"}.`,
    ]),
}

/**
 * The message of a notification: its `content` when it has one (subject and HTML), else its template's rendering;
 * an unknown template gets its data's `subject` (or the template name) and a plain listing of its data.
 */
export function renderEmail(notification: {
  template?: string | null
  data?: Data | null
  content?: { subject?: string | null; html?: string | null; text?: string | null } | null
}): RenderedEmail {
  const data = notification.data ?? {}
  const content = notification.content
  if (content?.html || content?.text) {
    const html = content.html ?? `<pre>${escapeHtml(str(content.text))}</pre>`
    return {
      subject: str(content.subject) || str(data.subject) || str(notification.template),
      html,
      text: content.text ?? html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim(),
    }
  }
  const template = str(notification.template)
  const render = TEMPLATES[template]
  if (render) return render(data)
  const listing = Object.entries(data)
    .filter(([, value]) => value === null || typeof value !== "object")
    .map(([key, value]) => `${key}: ${str(value)}`)
  return compose(str(data.subject) || template || "Notification", listing)
}
