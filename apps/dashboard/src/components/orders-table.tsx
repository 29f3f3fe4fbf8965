import { Badge, Text } from "@medusajs/ui"
import type { DashboardOrder } from "../../../../src/sdk"
import { dateTime, money } from "../../../shared/format"
import { Link, useRouter } from "../../../shared/router"
import { Status } from "../../../shared/status"
import { Table } from "./table"

/** Store and gallery orders in one table; a row opens the order. */
export function OrdersTable({ orders }: { orders: DashboardOrder[] }) {
  const { go } = useRouter()
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>Order</Table.HeaderCell>
          <Table.HeaderCell>Date</Table.HeaderCell>
          <Table.HeaderCell>Customer</Table.HeaderCell>
          <Table.HeaderCell>Source</Table.HeaderCell>
          <Table.HeaderCell>Status</Table.HeaderCell>
          <Table.HeaderCell className="text-right">Total</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {orders.map((order) => (
          <Table.Row key={order.id} data-order={order.id} className="cursor-pointer" onClick={() => go(`/orders/${encodeURIComponent(order.id)}`)}>
            <Table.Cell>
              <Link to={`/orders/${encodeURIComponent(order.id)}`} onClick={(e) => e.stopPropagation()} className="txt-compact-small-plus text-ui-fg-base">
                {order.order_number}
              </Link>
            </Table.Cell>
            <Table.Cell>{dateTime(order.created_at)}</Table.Cell>
            <Table.Cell>
              <div className="flex flex-col">
                {order.customer_name && <Text size="small">{order.customer_name}</Text>}
                <Text size={order.customer_name ? "xsmall" : "small"} className={order.customer_name ? "text-ui-fg-subtle" : undefined}>
                  {order.customer_email}
                </Text>
              </div>
            </Table.Cell>
            <Table.Cell>
              <Badge size="2xsmall" color={order.source === "gallery" ? "purple" : "blue"} data-source={order.source}>
                {order.source === "gallery" ? "Gallery" : "Store"}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              <Status status={order.status} />
            </Table.Cell>
            <Table.Cell className="text-right">{money(order.total)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}
