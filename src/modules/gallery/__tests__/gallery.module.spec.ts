import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import path from "node:path"
import { GALLERY_MODULE } from ".."
import type GalleryModuleService from "../service"
import { addressCases } from "./cases/addresses"
import { cartCases } from "./cases/cart"
import { checkoutCases } from "./cases/checkout"
import { fulfilmentCases } from "./cases/fulfilment"
import { ledgerCases } from "./cases/ledger"
import { outboxCases } from "./cases/outbox"
import { payoutCases } from "./cases/payouts"
import { storePaymentCases } from "./cases/store-payments"
import { database } from "./gallery-fixtures"

jest.setTimeout(60_000)

const moduleDir = path.join(__dirname, "..")

/**
 * GalleryModuleService against a real PostgreSQL, one concern per file of ./cases (as the service's own files). The
 * tables come from the module's migrations, after a test-only stub of the product tables the cart's add statement
 * reads (medusa-product-tables/): the module runs alone here, without Medusa's product module.
 */
moduleIntegrationTestRunner<GalleryModuleService>({
  moduleName: GALLERY_MODULE,
  resolve: moduleDir,
  pathToMigrations: [path.join(__dirname, "medusa-product-tables"), path.join(moduleDir, "migrations")],
  testSuite: ({ service, MikroOrmWrapper }) => {
    const db = database(() => MikroOrmWrapper.getManager())
    const suite = { service, db, forkManager: () => MikroOrmWrapper.forkManager() }

    it("builds its tables from the module's migrations", async () => {
      const applied = await db.rows(`SELECT name FROM mikro_orm_migrations`)
      expect(applied.map((row) => row.name)).toEqual(
        expect.arrayContaining([
          "Migration20261121224446",
          "Migration20261123021810_store_payments",
          "Migration20261128153055_address_changes",
          "Migration20261129200000_refunds_and_ledger",
        ])
      )
      const checks = await db.rows(
        `SELECT conname FROM pg_constraint WHERE conrelid = 'gallery_cart_item'::regclass AND contype = 'c'`
      )
      expect(checks.map((row) => row.conname)).toContain("gallery_cart_item_quantity_range")
    })

    describe("cart", () => cartCases(suite))
    describe("checkout", () => checkoutCases(suite))
    describe("payouts", () => payoutCases(suite))
    describe("fulfilment", () => fulfilmentCases(suite))
    describe("outbox", () => outboxCases(suite))
    describe("store payments", () => storePaymentCases(suite))
    describe("per-artist shipping addresses", () => addressCases(suite))
    describe("ledger", () => ledgerCases(suite))
  },
})
