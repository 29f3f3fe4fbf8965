/**
 * The contract between Atelier's hand-written SQL and Medusa's own schema: every table and column of Medusa (its
 * modules' tables, and the link tables Medusa generates for src/links/) that the SQL of this folder reads, with the
 * PostgreSQL type it expects (information_schema `data_type`; for an enum type, its name).
 *
 * Only src/queries/medusa/ may name these tables in SQL (src/__tests__/medusa-sql-boundary.unit.spec.ts), and the
 * Medusa schema suite (integration-tests/http/medusa-schema.spec.ts) checks on a migrated database that each of them
 * exists with that type, that every statement built from this folder still plans, and that the plans read no
 * column missing here. After a Medusa upgrade, that suite is the first to run.
 */
export const MEDUSA_TABLES = {
  product: {
    id: "text",
    title: "text",
    handle: "text",
    description: "text",
    status: "text",
    type_id: "text",
    created_at: "timestamp with time zone",
    updated_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  product_variant: {
    id: "text",
    product_id: "text",
    title: "text",
    sku: "text",
    metadata: "jsonb",
    manage_inventory: "boolean",
    variant_rank: "integer",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  product_variant_price_set: {
    variant_id: "character varying",
    price_set_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  price: {
    id: "text",
    price_set_id: "text",
    currency_code: "text",
    amount: "numeric",
    price_list_id: "text",
    rules_count: "integer",
    min_quantity: "numeric",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  image: {
    id: "text",
    product_id: "text",
    url: "text",
    rank: "integer",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  product_variant_inventory_item: {
    variant_id: "character varying",
    inventory_item_id: "character varying",
    required_quantity: "numeric",
    deleted_at: "timestamp with time zone",
  },
  inventory_item: {
    id: "text",
    deleted_at: "timestamp with time zone",
  },
  inventory_level: {
    inventory_item_id: "text",
    location_id: "text",
    stocked_quantity: "numeric",
    reserved_quantity: "numeric",
    incoming_quantity: "numeric",
    deleted_at: "timestamp with time zone",
  },
  reservation_item: {
    line_item_id: "text",
    inventory_item_id: "text",
    quantity: "numeric",
    deleted_at: "timestamp with time zone",
  },
  order: {
    id: "text",
    status: "order_status_enum",
    updated_at: "timestamp with time zone",
    display_id: "integer",
    email: "text",
    customer_id: "text",
    created_at: "timestamp with time zone",
    metadata: "jsonb",
    version: "integer",
    currency_code: "text",
    shipping_address_id: "text",
    sales_channel_id: "text",
    is_draft_order: "boolean",
    deleted_at: "timestamp with time zone",
  },
  order_item: {
    order_id: "text",
    item_id: "text",
    version: "integer",
    quantity: "numeric",
    unit_price: "numeric",
    deleted_at: "timestamp with time zone",
  },
  order_line_item: {
    id: "text",
    title: "text",
    product_id: "text",
    product_title: "text",
    variant_id: "text",
    variant_sku: "text",
    thumbnail: "text",
    unit_price: "numeric",
    is_tax_inclusive: "boolean",
    metadata: "jsonb",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  order_line_item_tax_line: {
    item_id: "text",
    rate: "numeric",
    deleted_at: "timestamp with time zone",
  },
  order_address: {
    id: "text",
    first_name: "text",
    last_name: "text",
    address_1: "text",
    address_2: "text",
    city: "text",
    province: "text",
    postal_code: "text",
    country_code: "text",
    phone: "text",
  },
  order_shipping: {
    order_id: "text",
    version: "integer",
    shipping_method_id: "text",
    return_id: "text",
    claim_id: "text",
    exchange_id: "text",
    deleted_at: "timestamp with time zone",
  },
  order_shipping_method: {
    id: "text",
    amount: "numeric",
    shipping_option_id: "text",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  order_transaction: {
    order_id: "text",
    amount: "numeric",
    deleted_at: "timestamp with time zone",
  },
  // The link table Medusa generates between orders and payment collections, and the payment module's tables: the
  // order book's payment records (src/queries/medusa/order-payments.ts).
  order_payment_collection: {
    order_id: "character varying",
    payment_collection_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  payment_collection: {
    id: "text",
    amount: "numeric",
    captured_amount: "numeric",
    status: "text",
    deleted_at: "timestamp with time zone",
  },
  payment_session: {
    id: "text",
    deleted_at: "timestamp with time zone",
  },
  payment: {
    id: "text",
    deleted_at: "timestamp with time zone",
  },
  capture: {
    id: "text",
    amount: "numeric",
    deleted_at: "timestamp with time zone",
  },
  refund: {
    payment_id: "text",
    amount: "numeric",
    deleted_at: "timestamp with time zone",
  },
  order_credit_line: {
    order_id: "text",
    reference_id: "text",
    deleted_at: "timestamp with time zone",
  },
  // The link table Medusa generates between orders and fulfilments.
  return: {
    id: "text",
    order_id: "text",
    location_id: "text",
    received_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  return_item: {
    return_id: "text",
    item_id: "text",
    metadata: "jsonb",
    deleted_at: "timestamp with time zone",
  },
  order_fulfillment: {
    order_id: "character varying",
    fulfillment_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  fulfillment: {
    id: "text",
    location_id: "text",
    shipped_at: "timestamp with time zone",
    delivered_at: "timestamp with time zone",
    canceled_at: "timestamp with time zone",
    metadata: "jsonb",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  fulfillment_label: {
    fulfillment_id: "text",
    tracking_number: "text",
    tracking_url: "text",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  product_sales_channel: {
    product_id: "character varying",
    sales_channel_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  // The link table Medusa generates for src/links/organization-sales-channel.ts.
  organization_organization_sales_channel_sales_channel: {
    organization_id: "character varying",
    sales_channel_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  // The link table Medusa generates for src/links/artist-order-order.ts.
  gallery_gallery_artist_order_order_order: {
    gallery_artist_order_id: "character varying",
    order_id: "character varying",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  store: {
    default_region_id: "text",
    default_location_id: "text",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  customer: {
    id: "text",
    email: "text",
    has_account: "boolean",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  shipping_option: {
    id: "text",
    name: "text",
    service_zone_id: "text",
    data: "jsonb",
    created_at: "timestamp with time zone",
    updated_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  // Shipping (docs/shipping.md): an organization's stock location, its fulfilment set, service zones (one per rate),
  // their geo zones, and each rate's option with its price set and price rules.
  stock_location: {
    id: "text",
    name: "text",
    address_id: "text",
    deleted_at: "timestamp with time zone",
  },
  stock_location_address: {
    id: "text",
    address_1: "text",
    address_2: "text",
    city: "text",
    province: "text",
    postal_code: "text",
    country_code: "text",
    phone: "text",
    deleted_at: "timestamp with time zone",
  },
  location_fulfillment_set: {
    stock_location_id: "character varying",
    fulfillment_set_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  fulfillment_set: {
    id: "text",
    type: "text",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  service_zone: {
    id: "text",
    name: "text",
    fulfillment_set_id: "text",
    deleted_at: "timestamp with time zone",
  },
  geo_zone: {
    service_zone_id: "text",
    country_code: "text",
    deleted_at: "timestamp with time zone",
  },
  shipping_option_price_set: {
    shipping_option_id: "character varying",
    price_set_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  price_rule: {
    price_id: "text",
    attribute: "text",
    operator: "text",
    value: "text",
    deleted_at: "timestamp with time zone",
  },
  // The link table Medusa generates for src/links/organization-stock-location.ts.
  organization_organization_stock_location_stock_location: {
    organization_id: "character varying",
    stock_location_id: "character varying",
    created_at: "timestamp with time zone",
    deleted_at: "timestamp with time zone",
  },
  sales_channel_stock_location: {
    sales_channel_id: "character varying",
    stock_location_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  // The link table Medusa generates for src/links/artist-product-product.ts (its name is Medusa's convention).
  organization_artist_product_product_product: {
    product_id: "character varying",
    artist_product_id: "character varying",
    deleted_at: "timestamp with time zone",
  },
  // The migrations every module's migrator records (MikroORM's table, shared by all modules): the readiness check.
  mikro_orm_migrations: {
    name: "character varying",
  },
} as const satisfies Record<string, Record<string, string>>

export type MedusaTable = keyof typeof MEDUSA_TABLES
