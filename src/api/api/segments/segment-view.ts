import type { SegmentFilters } from "../../../lib/campaigns"

export const SEGMENT_VIEW_FIELDS = ["id", "organization_id", "name", "filters", "created_at", "updated_at"] as const

type SegmentRecord = {
  id: string
  organization_id: string
  name: string
  filters: Record<string, unknown> | null
  created_at: Date | string
  updated_at: Date | string
}

/** Every filter, null when not set: the shape the body takes. */
export function segmentFilters(stored: Record<string, unknown> | null): Required<{ [K in keyof SegmentFilters]: SegmentFilters[K] | null }> {
  const filters = (stored ?? {}) as SegmentFilters
  return {
    ordered_since: filters.ordered_since ?? null,
    ordered_before: filters.ordered_before ?? null,
    total_spent_gte: filters.total_spent_gte ?? null,
    product_type: filters.product_type ?? null,
    source: filters.source ?? null,
  }
}

/** A segment as the routes answer it, with its audience counted now. */
export function segmentView(segment: SegmentRecord, count: number) {
  return {
    id: segment.id,
    org_id: segment.organization_id,
    name: segment.name,
    filters: segmentFilters(segment.filters),
    count,
    created_at: segment.created_at,
    updated_at: segment.updated_at,
  }
}
