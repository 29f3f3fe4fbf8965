import { Table as MedusaTable, clx } from "@medusajs/ui"
import { forwardRef, type HTMLAttributes } from "react"

/**
 * Medusa UI's Table in a box of its own that scrolls sideways when the table is wider than the screen, so that the
 * page itself never does; where the table fits, the box changes nothing. On a phone (below `sm`) cells keep to one
 * line: a row reads across as on a wider screen, scrolled, instead of one word a line.
 */
const Root = forwardRef<HTMLTableElement, HTMLAttributes<HTMLTableElement>>(({ className, ...props }, ref) => (
  <div className="overflow-x-auto">
    <MedusaTable ref={ref} className={clx("max-sm:whitespace-nowrap", className)} {...props} />
  </div>
))
Root.displayName = "Table"

export const Table = Object.assign(Root, {
  Header: MedusaTable.Header,
  HeaderCell: MedusaTable.HeaderCell,
  Body: MedusaTable.Body,
  Row: MedusaTable.Row,
  Cell: MedusaTable.Cell,
})
