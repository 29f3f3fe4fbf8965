import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core"
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable"
import { CSS } from "@dnd-kit/utilities"
import { DotsSix } from "@medusajs/icons"
import { clx } from "@medusajs/ui"
import type { ReactNode } from "react"

function SortableRow({ id, disabled, children }: { id: string; disabled?: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  })
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={clx(
        "flex items-center gap-x-3 bg-ui-bg-base px-6 py-3",
        isDragging && "relative z-10 shadow-elevation-card-hover"
      )}
      data-testid="sortable-item"
      data-id={id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="cursor-grab touch-none text-ui-fg-muted hover:text-ui-fg-subtle disabled:cursor-not-allowed"
        aria-label="Drag to reorder"
        data-testid="drag-handle"
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        <DotsSix />
      </button>
      <div className="flex min-w-0 flex-1 items-center gap-x-3">{children}</div>
    </li>
  )
}

/**
 * A vertical list reordered by drag and drop (@dnd-kit, the library Medusa's own admin uses), with the mouse or the
 * keyboard (space, arrows, space). `onMove` gets the dragged item's id and the id of the item it was dropped on.
 */
export function SortableList<T extends { id: string }>({
  items,
  onMove,
  disabled,
  renderItem,
}: {
  items: T[]
  onMove: (activeId: string, overId: string) => void
  disabled?: boolean
  renderItem: (item: T, index: number) => ReactNode
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates })
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id))
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul className="divide-y">
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} disabled={disabled}>
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}
