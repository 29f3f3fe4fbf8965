// Amounts, times and statuses as every Atelier screen shows them (src/lib/display-format.ts), and what only the
// admin's pages need (dates of UTC days, datetime-local inputs, percentages, addresses).
import { ABSENT } from "../../lib/display-format"

export { dateTime, money, statusLabel as humanize } from "../../lib/display-format"

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
