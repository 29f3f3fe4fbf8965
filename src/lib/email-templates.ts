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
  "webhook-endpoint-disabled": (d) =>
    compose(`Webhook endpoint disabled: ${str(d.url)}`, [
      `Atelier stopped sending webhooks to ${str(d.url)} after ${str(d.consecutive_failures)} failed deliveries in a row.`,
      "Fix the endpoint, then enable it again in your webhook settings.",
    ]),
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
