import { isSpotlightVisible, type SpotlightTiming } from "../../lib/spotlight-visibility"

export type SpotlightState = "live" | "scheduled" | "expired" | "inactive"

/** Where a spotlight stands in its publish window now; "live" exactly when the public route shows it. Pure. */
export function spotlightState(spotlight: SpotlightTiming, now: Date = new Date()): SpotlightState {
  if (!spotlight.isActive) return "inactive"
  if (isSpotlightVisible(spotlight, now)) return "live"
  const published = new Date(spotlight.publishedAt).getTime()
  return published > now.getTime() ? "scheduled" : "expired"
}
