// The HTML of a campaign: what an artist writes is sanitised once, when the campaign is saved (sanitize-html, an
// allow-list), and every recipient's copy gets the store's footer with its one-click unsubscribe link. Pure: no I/O.
import sanitizeHtml from "sanitize-html"

/** The longest campaign content accepted, in characters, before sanitising. */
export const CAMPAIGN_CONTENT_MAX = 200_000

// CSS a mail client renders and that cannot load anything or hide content off-screen: colours, type, spacing, sizes.
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i
const LENGTH = /^(0|auto|\d{1,4}(\.\d+)?(px|em|rem|%|pt))(\s+(0|auto|\d{1,4}(\.\d+)?(px|em|rem|%|pt))){0,3}$/i
const STYLE_VALUES: Record<string, RegExp[]> = {
  color: [COLOR],
  "background-color": [COLOR],
  "text-align": [/^(left|right|center|justify)$/i],
  "font-size": [LENGTH],
  "font-weight": [/^(normal|bold|[1-9]00)$/i],
  "font-style": [/^(normal|italic)$/i],
  "text-decoration": [/^(none|underline|line-through)$/i],
  "line-height": [/^\d{1,2}(\.\d+)?(px|em|rem|%)?$/i],
  padding: [LENGTH],
  margin: [LENGTH],
  width: [LENGTH],
  "max-width": [LENGTH],
  height: [LENGTH],
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => !["nav", "menu"].includes(tag)),
    "img",
    "center",
  ],
  allowedAttributes: {
    // rel: set by the transform below, which runs before this filter.
    a: ["href", "title", "target", "rel", "style"],
    img: ["src", "alt", "title", "width", "height", "style"],
    td: ["align", "valign", "colspan", "rowspan", "width", "style"],
    th: ["align", "valign", "colspan", "rowspan", "width", "style"],
    table: ["width", "cellpadding", "cellspacing", "border", "align", "role", "style"],
    "*": ["style", "align"],
  },
  allowedStyles: { "*": STYLE_VALUES },
  // Links may be web pages or addresses; images only https (no tracking over plain http, no data: payloads).
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  // script, style, textarea, option, noscript: dropped with their text.
  disallowedTagsMode: "discard",
  transformTags: {
    // A link in an email opens outside the mail client; the opener gets no handle on the store's page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
    }),
  },
}

/** The artist's HTML with everything a mail client should never run or load removed (scripts, handlers, iframes, forms, javascript: links, http images). */
export function sanitizeCampaignHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

/** Whether sanitised HTML still shows something: text, or an image. */
export function hasVisibleContent(sanitized: string): boolean {
  if (/<img\b/i.test(sanitized)) return true
  return sanitizeHtml(sanitized, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, "").length > 0
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string)

/** One recipient's copy: the campaign's (already sanitised) HTML and the store's footer with the unsubscribe link. */
export function campaignEmailHtml(content: string, footer: { storeName: string; unsubscribeUrl: string }): string {
  const store = escapeHtml(footer.storeName)
  return (
    `<div>${content}</div>` +
    `<hr><p style="font-size:12px;color:#666">You receive this email because you bought from ${store}. ` +
    `<a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe</a> from ${store}'s emails.</p>`
  )
}
