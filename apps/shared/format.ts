// How the two apps and the admin extension (src/admin imports this file too) show values: amounts, times and
// statuses as every Atelier screen shows them (src/lib/display-format.ts, tested there), and the browser-side
// helpers around them (dates of UTC days, form inputs, percentages, addresses). Pure.
import { ABSENT } from "../../src/lib/display-format"

export { ABSENT, dateTime, money, statusColor, statusLabel, type StatusColor } from "../../src/lib/display-format"

/**
 * The day of an ISO timestamp, without its time: the UTC day, as the API keeps days (analytics buckets, a segment's
 * `ordered_since` typed as a date) and as `<input type="date">` shows `iso.slice(0, 10)`.
 */
export function day(iso: string | null | undefined): string {
  if (!iso) return ABSENT
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? ABSENT : date.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" })
}

/** An ISO timestamp as the value of <input type="datetime-local"> (local time), or "". */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ""
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ""
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/** The value of <input type="datetime-local"> as an ISO timestamp, "" as null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}

/**
 * A number typed in a form (a price, a stock): a number when it reads as one, blank as absent, else the text itself,
 * which the API refuses with its own message about the field.
 */
export function numberInput(value: string): number | string | undefined {
  const trimmed = value.trim()
  if (trimmed === "") return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : trimmed
}

/** A percentage the API gives as a number of percent (12.5 -> "12.50 %", 40 -> "40 %"). */
export function percent(value: number): string {
  return `${value.toFixed(value % 1 === 0 ? 0 : 2)} %`
}

/** A gallery shipping address ({name, line1, line2, city, state, postal_code, country}) on one line. */
export function address(value: Record<string, unknown> | null | undefined): string {
  if (!value) return ABSENT
  const line = ["name", "line1", "line2", "city", "state", "postal_code", "country"]
    .map((key) => value[key])
    .filter((part) => typeof part === "string" && part)
    .join(", ")
  return line || ABSENT
}
