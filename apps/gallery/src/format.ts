// The shared display helpers (src/lib/display-format.ts) under the names this app uses.
export { dateTime as date, money, statusColor, statusLabel } from "../../../src/lib/display-format"
