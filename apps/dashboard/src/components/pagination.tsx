import { Button, Text } from "@medusajs/ui"

/** "21 – 40 of 57" and the previous / next page buttons. */
export function Pagination({ offset, limit, count, onOffset }: { offset: number; limit: number; count: number; onOffset: (offset: number) => void }) {
  if (count <= limit && offset === 0) return null
  return (
    <div className="flex items-center justify-between px-6 py-4">
      <Text size="small" className="text-ui-fg-subtle">
        {Math.min(offset + 1, count)} – {Math.min(offset + limit, count)} of {count}
      </Text>
      <div className="flex gap-2">
        <Button variant="secondary" size="small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
          Previous
        </Button>
        <Button variant="secondary" size="small" disabled={offset + limit >= count} onClick={() => onOffset(offset + limit)}>
          Next
        </Button>
      </div>
    </div>
  )
}
