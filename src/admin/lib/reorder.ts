/**
 * Drag-and-drop reordering of a manual collection's items. Pure: moving one item, and the body of
 * PATCH /api/admin/collections/{id}/items/reorder that stores the new order (positions 0..n-1, only the items whose
 * position changes, so a move near the end touches few rows).
 */

export type Positioned = { id: string; position: number }

/** `items` with the item `activeId` moved to where `overId` was; unchanged when either is missing. */
export function moveItem<T extends { id: string }>(items: readonly T[], activeId: string, overId: string): T[] {
  const from = items.findIndex((item) => item.id === activeId)
  const to = items.findIndex((item) => item.id === overId)
  if (from < 0 || to < 0 || from === to) return [...items]
  const next = [...items]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved)
  return next
}

/** The reorder body for `ordered` (the new display order): each item whose stored position differs from its index. */
export function reorderBody(ordered: readonly Positioned[]): { items: { itemId: string; position: number }[] } {
  return {
    items: ordered
      .map((item, index) => ({ itemId: item.id, position: index, changed: item.position !== index }))
      .filter((entry) => entry.changed)
      .map(({ itemId, position }) => ({ itemId, position })),
  }
}
