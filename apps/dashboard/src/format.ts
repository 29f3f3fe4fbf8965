// The shared display helpers (src/lib/display-format.ts), and what only the dashboard's forms need.
export { dateTime, money, statusColor, statusLabel } from "../../../src/lib/display-format"

/** A date without its time, in the viewer's time zone. */
export const dateOnly = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : "—")

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
