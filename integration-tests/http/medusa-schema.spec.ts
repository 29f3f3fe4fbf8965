import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { evaluateRuleCollections, listCollectionsWithItemCounts } from "../../src/queries/curation"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import {
  aggregateAdminDays,
  getAdminAnalytics,
  getArtistAnalytics,
  refreshGalleryAnalyticsRollups,
} from "../../src/queries/gallery-analytics"
import { currentStockLevels } from "../../src/queries/inventory-levels"
import { getDashboardProductRecord, getProductOrganizationId, listDashboardProducts } from "../../src/queries/dashboard-products"
import { loadGalleryOrderForPayment } from "../../src/queries/gallery-orders"
import { getGalleryProductsByIds, listGalleryProducts } from "../../src/queries/gallery-products"
import { countAudience, listAudienceEmails } from "../../src/queries/medusa/audience"
import { organizationSalesDigest } from "../../src/queries/medusa/sales-digest"
import { MEDUSA_TABLES } from "../../src/queries/medusa/tables"
import { appliedMigrationNames } from "../../src/queries/medusa/migrations"
import { loadArtistShippingQuotes } from "../../src/queries/medusa/shipping-quotes"
import {
  getOrganizationShippingLocation,
  getOrganizationShippingRate,
  listInventoryLevelsOutside,
  listOrganizationShippingRates,
} from "../../src/queries/medusa/shipping-rates"
import { getOrderPaymentStates, listOrdersWithoutPayment } from "../../src/queries/medusa/order-payments"
import { findMirrorReturn, listStockOfOrderLines } from "../../src/queries/medusa/returns"
import { getPlatformOrder, listPlatformOrders } from "../../src/queries/platform-orders"
import { getPlatformProduct, listPlatformProducts } from "../../src/queries/platform-products"
import { cartsPurchasedSinceCapture, currentVariantPrices, variantsOfOrganization } from "../../src/queries/store-carts"
import { appTables } from "../helpers/app-tables"
import {
  getMirrorOrder,
  getOrderBookSource,
  getOrderOrganizationId,
  getOrganizationOrder,
  listArtistOrdersWithoutMirror,
  listOrderFulfillments,
  listOrganizationOrders,
  organizationOrderAnalytics,
} from "../../src/queries/medusa/order-book"

import {
  findCustomerIdByEmail,
  getStoreCheckoutVariants,
  getStorePaymentLinesStock,
  orderExists,
  readOrderBookSetup,
} from "../../src/queries/store-checkout"

jest.setTimeout(240000)

// Fails loudly when a Medusa upgrade changes a table or column Atelier's hand-written SQL reads (src/queries/medusa/):
// on a database migrated by this Medusa, every column of MEDUSA_TABLES exists with its declared type, every
// statement built from src/queries/medusa/ still plans (EXPLAIN), and the plans read no Medusa column that
// MEDUSA_TABLES does not declare.

type PlanNode = { "Relation Name"?: string; Alias?: string; Plans?: PlanNode[]; [field: string]: unknown }
type Statement = { sql: string; bindings: unknown[] }

const DECLARED = MEDUSA_TABLES as Record<string, Record<string, string>>
const MEDUSA_TABLE_NAMES = Object.keys(DECLARED)
const NAMES_A_MEDUSA_TABLE = new RegExp(`\\b(?:FROM|JOIN)\\s+"?(?:${MEDUSA_TABLE_NAMES.join("|")})"?(?!\\w)`, "i")

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)]
}

/**
 * Relation -> the columns a plan reads from it: every `alias.column` of the plan's expressions, with aliases
 * resolved by the scan nodes (EXPLAIN VERBOSE makes them unique within a statement). A scan's own Output is left
 * out: a scan may emit every column of its table (a "physical target list") whatever the query needs; the nodes
 * above it name what is used.
 */
function columnsRead(plan: PlanNode, into: Map<string, Set<string>>): void {
  const nodes = planNodes(plan)
  const relationOf = new Map<string, string>()
  for (const node of nodes) if (node["Relation Name"] && node.Alias) relationOf.set(node.Alias, node["Relation Name"])
  if (!relationOf.size) return
  const escaped = [...relationOf.keys()].map((alias) => alias.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  const reference = new RegExp(`(?<![\\w.])(${escaped.join("|")})\\.([a-z_][a-z0-9_]*)`, "g")
  for (const node of nodes) {
    const { Plans: _children, Output: output, ...fields } = node
    const text = JSON.stringify(node["Relation Name"] ? fields : { ...fields, Output: output })
    for (const match of text.matchAll(reference)) {
      const relation = relationOf.get(match[1])!
      const columns = into.get(relation) ?? new Set<string>()
      columns.add(match[2])
      into.set(relation, columns)
    }
  }
  for (const relation of relationOf.values()) if (!into.has(relation)) into.set(relation, new Set())
}

/** The plan of a statement as knex sent it (native `$n` placeholders), on a connection of the pool. */
async function explain(pg: Knex, statement: Statement): Promise<PlanNode> {
  const connection = await pg.client.acquireConnection()
  try {
    const result = await connection.query({
      text: `EXPLAIN (VERBOSE, FORMAT JSON) ${statement.sql}`,
      values: statement.bindings,
    })
    return (result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan
  } finally {
    await pg.client.releaseConnection(connection)
  }
}

/** Every statement `run` sends through `pg`. */
async function statementsOf(pg: Knex, run: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = []
  const listener = (query: { sql: string; bindings?: unknown[] }) =>
    statements.push({ sql: query.sql, bindings: query.bindings ?? [] })
  pg.on("query", listener)
  try {
    await run()
  } finally {
    pg.removeListener("query", listener)
  }
  return statements
}

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    let container: MedusaContainer
    let pg: Knex

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    it("has every table and column MEDUSA_TABLES declares, with the declared type", async () => {
      const { rows } = await pg.raw(
        `SELECT table_name, column_name,
                CASE WHEN data_type = 'USER-DEFINED' THEN udt_name ELSE data_type END AS data_type
         FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = ANY(?::text[])`,
        [MEDUSA_TABLE_NAMES]
      )
      const actual = new Map<string, string>()
      for (const row of rows as { table_name: string; column_name: string; data_type: string }[]) {
        actual.set(`${row.table_name}.${row.column_name}`, row.data_type)
      }
      const differences = Object.entries(DECLARED).flatMap(([table, columns]) =>
        Object.entries(columns)
          .filter(([column, type]) => actual.get(`${table}.${column}`) !== type)
          .map(([column, type]) => `${table}.${column}: expected ${type}, found ${actual.get(`${table}.${column}`) ?? "no such column"}`)
      )
      expect(differences).toEqual([])
    })

    it("plans every statement built from src/queries/medusa/, which read only declared columns", async () => {
      const from = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000)
      const to = new Date()
      const statements = await statementsOf(pg, async () => {
        await listGalleryProducts(pg, {})
        await listGalleryProducts(pg, { eligibleOnly: true, price_min: 1, sort: "price_asc", q: "print" })
        await getGalleryProductsByIds(pg, ["prod_missing"])
        await container
          .resolve<GalleryModuleService>(GALLERY_MODULE)
          .addCartItem({ sessionId: "00000000-0000-4000-8000-000000000000", productId: "prod_missing", quantity: 1 })
        await loadGalleryOrderForPayment(pg, { orderId: "gord_missing" })
        await listCollectionsWithItemCounts(pg, { eligibleItemsOnly: true })
        await evaluateRuleCollections(pg, [
          { id: "gcol_rules", type: "smart", rules: { org_ids: ["org_a", "org_b"] }, manual_inclusions: null },
        ])
        await aggregateAdminDays(pg, [{ from, to }])
        await getAdminAnalytics(pg, { start: from, end: to }, to)
        await refreshGalleryAnalyticsRollups(pg, to, { full: true })
        await refreshGalleryAnalyticsRollups(pg, to)
        await getArtistAnalytics(pg, "org_missing", { start: from, end: to })
        await listDashboardProducts(pg, { organization_id: "org_missing", status: "active", search: "x", limit: 20, offset: 0 })
        await getDashboardProductRecord(pg, "prod_missing")
        await getProductOrganizationId(pg, "prod_missing")
        await cartsPurchasedSinceCapture(pg, ["rcart_missing"])
        await currentVariantPrices(pg, ["variant_missing"])
        await variantsOfOrganization(pg, "org_missing", ["variant_missing"])
        await listPlatformProducts(pg, {
          organizationId: "org_missing",
          filters: [
            { field: "status", op: "in", value: ["draft", "active"] },
            { field: "product_type", op: "ne", value: "print" },
            { field: "base_price", op: "gte", value: 1 },
            { field: "created_at", op: "lte", value: to.toISOString() },
          ],
          sort: [{ field: "title", descending: false }, { field: "base_price", descending: true }],
          page: 2,
          perPage: 20,
        })
        await getPlatformProduct(pg, "org_missing", "prod_missing")
        await listPlatformOrders(pg, {
          organizationId: "org_missing",
          filters: [
            { field: "status", op: "in", value: ["paid", "shipped"] },
            { field: "source", op: "eq", value: "store" },
            { field: "total", op: "gte", value: 10 },
            { field: "created_at", op: "gte", value: from.toISOString() },
          ],
          cursor: { createdAt: "2026-11-22T10:00:00.123456Z", id: "order_missing" },
          page: null,
          perPage: 20,
        })
        await getPlatformOrder(pg, { organizationId: "org_missing", orderId: "order_missing", expand: ["items"] })
        await getOrderBookSource(pg, "aord_missing")
        await listArtistOrdersWithoutMirror(pg, { limit: 10, graceSeconds: 60 })
        await getOrderPaymentStates(pg, ["order_missing"])
        await listOrdersWithoutPayment(pg, { limit: 10, graceSeconds: 60 })
        await listOrderFulfillments(pg, "order_missing")
        await getMirrorOrder(pg, "order_missing")
        await listOrganizationOrders(pg, { organizationId: "org_missing", status: "paid", search: "#12", customerId: "cus_x", limit: 20, offset: 0 })
        // Without a status filter the statement pages before it computes the orders' facts: another shape.
        await listOrganizationOrders(pg, { organizationId: "org_missing", search: "ada", limit: 20, offset: 0 })
        await getOrderOrganizationId(pg, "order_missing")
        await getOrganizationOrder(pg, { organizationId: "org_missing", orderId: "order_missing" })
        await organizationOrderAnalytics(pg, { organizationId: "org_missing", days: 30 })
        await countAudience(pg, "org_missing", {
          ordered_since: from.toISOString(),
          ordered_before: to.toISOString(),
          total_spent_gte: 10,
          product_type: "print",
          source: "store",
        })
        await listAudienceEmails(pg, "org_missing", {})
        await organizationSalesDigest(pg, { organizationId: "org_missing", from, to })
        await getStoreCheckoutVariants(pg, "org_missing", ["variant_missing"])
        await getStorePaymentLinesStock(pg, [{ id: "ordli_missing", variant_id: "variant_missing", quantity: 1 }])
        await orderExists(pg, "order_missing")
        await readOrderBookSetup(pg, "Shipped by the artist")
        await findCustomerIdByEmail(pg, "nobody@example.test")
        await currentStockLevels(pg, ["iitem_missing"])
        await loadArtistShippingQuotes(pg, [{ orgId: "org_missing", subtotalCents: 100, itemCount: 1, country: "FR" }])
        await getOrganizationShippingLocation(pg, "org_missing")
        await listOrganizationShippingRates(pg, "org_missing")
        await getOrganizationShippingRate(pg, "org_missing", "so_missing")
        await listInventoryLevelsOutside(pg, "org_missing", "sloc_missing")
        await findMirrorReturn(pg, { orderId: "order_missing", galleryReturnId: "gret_missing" })
        await listStockOfOrderLines(pg, { orderId: "order_missing", lineIds: ["ordli_missing"] })
        await appliedMigrationNames(pg, ["Migration_missing"], 5000)
      })
      const overMedusa = statements.filter((statement) => NAMES_A_MEDUSA_TABLE.test(statement.sql))
      expect(overMedusa.length).toBeGreaterThanOrEqual(10)

      const own = appTables()
      const read = new Map<string, Set<string>>()
      const failures: string[] = []
      for (const statement of overMedusa) {
        try {
          columnsRead(await explain(pg, statement), read)
        } catch (error) {
          failures.push(`${(error as Error).message}\n${statement.sql}`)
        }
      }
      expect(failures).toEqual([])

      const undeclared = [...read].flatMap(([relation, columns]) => {
        if (own.has(relation)) return []
        const declared = DECLARED[relation]
        if (!declared) return [`${relation} (table not in MEDUSA_TABLES)`]
        return [...columns].filter((column) => !(column in declared)).map((column) => `${relation}.${column}`)
      })
      expect(undeclared).toEqual([])
      // Every declared table is read by some exercised statement: the list cannot keep a table no SQL reads any more.
      expect(MEDUSA_TABLE_NAMES.filter((table) => !read.has(table))).toEqual([])
    })
  },
})
