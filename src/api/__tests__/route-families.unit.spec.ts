import { readdirSync } from "node:fs"
import path from "node:path"
import {
  DASHBOARD_PUBLIC_ROUTES,
  DASHBOARD_RESOURCES,
  DASHBOARD_ROUTES,
  OWN_FAMILY_FOLDERS,
  PUBLIC_STOREFRONT_FOLDERS,
} from "../api/route-families"

const API_DIR = path.join(__dirname, "..", "api")

describe("route families of /api", () => {
  it("name every folder of src/api/api exactly once: a dashboard resource, a family of its own, or public", () => {
    const folders = readdirSync(API_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
    const named = [...DASHBOARD_RESOURCES, ...OWN_FAMILY_FOLDERS, ...PUBLIC_STOREFRONT_FOLDERS]
    expect(new Set(named).size).toBe(named.length)
    expect([...named].sort()).toEqual(folders)
  })

  it("guard every dashboard resource, and any path nobody routes, in any case, and nothing of the other families", () => {
    const resources = DASHBOARD_RESOURCES.map((resource) => `/api/${resource}`)
    for (const path of [...resources, "/api/products/prod_1/variants", "/API/Members/me", "/api/cart/other", "/api/webhook-endpoints/", "/api/nothing-here", "/api/galleryx"]) {
      expect([path, DASHBOARD_ROUTES.test(path)]).toEqual([path, true])
    }
    for (const path of ["/api/gallery/products", "/API/Admin/organizations", "/api/v1/products", "/api/unsubscribe/t", "/api/create-payment-intent", "/api"]) {
      expect([path, DASHBOARD_ROUTES.test(path)]).toEqual([path, false])
    }
    // The public routes inside dashboard resources are the guard's named exceptions.
    expect([...DASHBOARD_PUBLIC_ROUTES]).toEqual(["/api/cart/email", "/api/channels/etsy/callback"])
    expect(DASHBOARD_PUBLIC_ROUTES.every((route) => DASHBOARD_ROUTES.test(route))).toBe(true)
  })
})
