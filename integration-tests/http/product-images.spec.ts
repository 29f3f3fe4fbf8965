import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { randomUUID } from "node:crypto"
import sharp from "sharp"
import { IMAGE_CACHE_CONTROL } from "../../src/lib/images"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { seedDemoData } from "../../src/scripts/seed"
import { updateArtistProductWorkflow } from "../../src/workflows/artist-product/workflows/update-artist-product"
import { anyStatus, bearer, registerMember, type Api } from "../helpers/accounts"
import { demoImage, loginDemoAdmin, loginDemoMember, orgIdsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"

jest.setTimeout(240000)

// The local file provider writes here (FILE_UPLOAD_DIR, read by medusa-config.ts when the runner boots the server).
const UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), "atelier-uploads-"))
process.env.FILE_UPLOAD_DIR = UPLOAD_DIR

// Response bodies are asserted field by field.
type Body = any // eslint-disable-line @typescript-eslint/no-explicit-any

const MB = 1024 * 1024
const storedFiles = () => readdirSync(UPLOAD_DIR).sort()

/** A real image of `width` x `height` in `format`, drawn by sharp. */
function picture(width: number, height: number, format: "png" | "jpeg" | "webp" | "gif" = "png") {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .toFormat(format)
    .toBuffer()
}

/** The path (and query) of a URL the server built for itself: the test server listens on a port of its own. */
const pathOf = (url: string) => {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as Api
    let container: MedusaContainer
    let north: string
    let south: string
    let plain: string
    let admin: string
    const orgs: Record<string, string> = {}
    const ids: Record<string, string> = {}

    afterAll(() => rmSync(UPLOAD_DIR, { recursive: true, force: true }))

    beforeAll(async () => {
      container = getContainer()
      await seedDemo(container)
      Object.assign(ids, await productIdsByHandle(container, ["studio-north-original", "studio-north-print", "studio-south-print"]))
      Object.assign(orgs, await orgIdsBySlug(container, ["studio-north", "studio-south"]))
      north = await loginDemoMember(api, "north@atelier.test")
      south = await loginDemoMember(api, "south@atelier.test")
      admin = await loginDemoAdmin(api)
      const registered = await registerMember(api, `plain-${randomUUID()}@atelier.test`)
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      await organizations.createMemberships({ member_id: registered.member.id, organization_id: orgs["studio-north"], role: "member" })
      plain = registered.token
    })

    /** POST /api/uploads with `files` as multipart parts (field name, content, declared type, file name). */
    function upload(
      token: string | null,
      files: { field?: string; content: Buffer; type?: string; name?: string }[],
      options: { query?: string; fields?: Record<string, string> } = {}
    ) {
      const form = new FormData()
      for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value)
      for (const file of files) {
        form.append(file.field ?? "file", new Blob([new Uint8Array(file.content)], { type: file.type ?? "" }), file.name ?? "picture.png")
      }
      const headers = token ? { authorization: `Bearer ${token}` } : {}
      return api.post(`/api/uploads${options.query ?? ""}`, form, { headers, ...anyStatus })
    }

    const image = (url: string) => api.get(url, { responseType: "arraybuffer", ...anyStatus })

    async function dimensions(data: ArrayBuffer) {
      const { width, height, format } = await sharp(Buffer.from(data)).metadata()
      return { width, height, format }
    }

    const expectRefusal = (res: { status: number; data: Body; headers: Body }, status: number, message: string | RegExp) => {
      expect(res.status).toBe(status)
      expect(res.data).toEqual({ error: typeof message === "string" ? message : expect.stringMatching(message), code: "invalid_request", details: { field: "file" } })
      expect(res.headers["x-error-field"]).toBe("file")
    }

    describe("the demo's pictures", () => {
      it("are served by the server itself: every seeded product's images answer 200 with an image, at every size", async () => {
        const { data } = await api.get("/api/gallery/products?limit=100")
        expect(data.products.length).toBeGreaterThan(0)
        const original = data.products.find((p: Body) => p.id === ids["studio-north-original"])
        expect(original.images).toEqual([demoImage("fjord-first-light"), demoImage("fjord-first-light-detail")])
        for (const product of data.products) {
          for (const url of product.images) {
            expect(url).toMatch(/\/api\/gallery\/images\/demo\/[a-z-]+\.webp$/)
            const res = await image(pathOf(url))
            expect([url, res.status, res.headers["content-type"]]).toEqual([url, 200, "image/webp"])
          }
        }

        const full = await image(pathOf(original.images[0]))
        expect(await dimensions(full.data)).toEqual({ width: 1200, height: 900, format: "webp" })
        expect(full.headers["cache-control"]).toBe(IMAGE_CACHE_CONTROL)
        const thumbnail = await image(`${pathOf(original.images[0])}?w=400`)
        expect(thumbnail.status).toBe(200)
        expect(await dimensions(thumbnail.data)).toEqual({ width: 400, height: 300, format: "webp" })
        expect(thumbnail.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
        expect(thumbnail.headers["x-content-type-options"]).toBe("nosniff")
        // Not counted by the application's rate limit, like the app's own files.
        expect(thumbnail.headers["x-ratelimit-limit"]).toBeUndefined()
        const head = await api.request({ method: "HEAD", url: `${pathOf(original.images[0])}?w=400`, ...anyStatus })
        expect([head.status, head.headers["content-type"], head.headers["cache-control"]]).toEqual([200, "image/webp", IMAGE_CACHE_CONTROL])
      })

      it("are what Medusa's admin shows: the product's thumbnail and images", async () => {
        const res = await api.get(`/admin/products/${ids["studio-north-original"]}?fields=thumbnail,images.url`, bearer(admin))
        expect(res.status).toBe(200)
        expect(res.data.product.thumbnail).toBe(demoImage("fjord-first-light"))
        expect(res.data.product.images.map((i: Body) => i.url).sort()).toEqual(
          [demoImage("fjord-first-light"), demoImage("fjord-first-light-detail")].sort()
        )
        expect((await image(pathOf(res.data.product.thumbnail))).headers["content-type"]).toBe("image/webp")
      })

      it("an older seed's pictures (the fictional host) are moved to today's by running the seed again; an artist's own are kept", async () => {
        await updateArtistProductWorkflow(container).run({
          input: { product_id: ids["studio-north-print"], images: ["https://images.atelier.test/studio-north/fjord-print.jpg"] },
        })
        await updateArtistProductWorkflow(container).run({
          input: { product_id: ids["studio-south-print"], images: ["https://cdn.example/desert-bloom-print.jpg"] },
        })
        const summary = await seedDemoData(container)
        expect(summary.product_images.created).toEqual(["studio-north-print"])
        const { data } = await api.get("/api/gallery/products?limit=100")
        const byId = new Map<string, Body>(data.products.map((p: Body) => [p.id, p]))
        expect(byId.get(ids["studio-north-print"]).images).toEqual([demoImage("fjord-print")])
        expect(byId.get(ids["studio-south-print"]).images).toEqual(["https://cdn.example/desert-bloom-print.jpg"])
        const again = await seedDemoData(container)
        expect(again.product_images.created).toEqual([])
      })
    })

    describe("the image route", () => {
      it("answers 404 Image not found for what it does not serve", async () => {
        // A private file of the local provider (Medusa keeps product exports so), even one whose bytes are an image.
        writeFileSync(path.join(UPLOAD_DIR, "private-1732800000000-export.png"), await picture(10, 10))
        for (const url of [
          "/api/gallery/images/demo/harbour-at-dusk.webp",
          "/api/gallery/images/demo/desert-bloom.png",
          "/api/gallery/images/1732800000000-nothing-here.png",
          "/api/gallery/images/private-1732800000000-export.png",
          "/api/gallery/images/..%2Fmedusa-config.ts",
          "/api/gallery/images/.env",
        ]) {
          const res = await api.get(url, anyStatus)
          expect([url, res.status, res.data]).toEqual([url, 404, { error: "Image not found" }])
        }
      })

      it("refuses a width it does not serve, naming w", async () => {
        for (const w of ["401", "0", "abc", "4000"]) {
          const res = await api.get(`/api/gallery/images/demo/quiet-hours.webp?w=${w}`, anyStatus)
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "w must be one of 200, 400, 800, 1200, 1600 (pixels)" })
          expect(res.headers["x-error-field"]).toBe("w")
        }
      })

      it("serves a file of the file module that is not an image as no image", async () => {
        writeFileSync(path.join(UPLOAD_DIR, "1732800000000-notes.txt"), "not an image")
        const res = await api.get("/api/gallery/images/1732800000000-notes.txt", anyStatus)
        expect(res.status).toBe(404)
      })
    })

    describe("uploads (POST /api/uploads)", () => {
      it("stores an artist's image with the file module; the product shows it, the image route serves it sized", async () => {
        const before = storedFiles()
        const png = await picture(1600, 1000)
        const res = await upload(north, [{ content: png, type: "image/png", name: "Harbour at Dusk.png" }])
        expect(res.status).toBe(201)
        const file = res.data.file
        expect(file).toEqual({
          id: expect.stringMatching(/^\d+-harbour-at-dusk-[0-9a-f]{8}\.png$/),
          url: expect.stringMatching(/^http:\/\/localhost:\d+\/api\/gallery\/images\/\d+-harbour-at-dusk-[0-9a-f]{8}\.png$/),
          mime_type: "image/png",
          size: png.length,
          width: 1600,
          height: 1000,
        })
        expect(file.url.endsWith(`/api/gallery/images/${file.id}`)).toBe(true)
        // Stored by the local provider, byte for byte.
        expect(storedFiles()).toEqual([...before, file.id].sort())
        expect(readFileSync(path.join(UPLOAD_DIR, file.id)).equals(png)).toBe(true)

        const original = await image(pathOf(file.url))
        expect(original.status).toBe(200)
        expect(original.headers["content-type"]).toBe("image/png")
        expect(original.headers["cache-control"]).toBe(IMAGE_CACHE_CONTROL)
        expect(Buffer.from(original.data).equals(png)).toBe(true)
        expect(await dimensions((await image(`${pathOf(file.url)}?w=400`)).data)).toEqual({ width: 400, height: 250, format: "png" })
        expect(await dimensions((await image(`${pathOf(file.url)}?w=1200`)).data)).toEqual({ width: 1200, height: 750, format: "png" })
        // Never enlarged.
        const small = await upload(north, [{ content: await picture(300, 200, "jpeg"), type: "image/jpeg", name: "small.jpg" }])
        expect(await dimensions((await image(`${pathOf(small.data.file.url)}?w=800`)).data)).toEqual({ width: 300, height: 200, format: "jpeg" })

        const updated = await api.patch(`/api/products/${ids["studio-north-print"]}`, { product_images: [file.url] }, bearer(north))
        expect(updated.status).toBe(200)
        expect(updated.data.product.product_images).toEqual([file.url])
        const gallery = await api.get(`/api/gallery/products/${ids["studio-north-print"]}`)
        expect(gallery.data.product.images).toEqual([file.url])
        const medusa = await api.get(`/admin/products/${ids["studio-north-print"]}?fields=thumbnail`, bearer(admin))
        expect(medusa.data.product.thumbnail).toBe(file.url)
      })

      it("takes JPEG, WebP and GIF too, by their bytes (a PNG declared as JPEG is stored as the PNG it is), from plain members too", async () => {
        for (const [format, type] of [["jpeg", "image/jpeg"], ["webp", "image/webp"], ["gif", "image/gif"]] as const) {
          const res = await upload(plain, [{ content: await picture(640, 480, format), type, name: `work.${format}` }])
          expect([format, res.status, res.data.file?.mime_type]).toEqual([format, 201, type])
          const thumbnail = await image(`${pathOf(res.data.file.url)}?w=400`)
          expect((await dimensions(thumbnail.data)).width).toBe(400)
        }
        const renamed = await upload(north, [{ content: await picture(50, 50, "png"), type: "image/jpeg", name: "renamed.jpg" }])
        expect(renamed.status).toBe(201)
        expect(renamed.data.file).toMatchObject({ mime_type: "image/png", id: expect.stringMatching(/^\d+-renamed-[0-9a-f]{8}\.png$/) })
        const south_ = await upload(south, [{ content: await picture(50, 50), type: "image/png" }], { fields: { org_id: orgs["studio-south"] } })
        expect(south_.status).toBe(201)
      })

      it("refuses other types by their bytes, whatever they are declared as, and a damaged image; nothing is stored", async () => {
        const before = storedFiles()
        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
        expectRefusal(await upload(north, [{ content: svg, type: "image/svg+xml", name: "x.svg" }]), 400, "file must be a JPEG, PNG, WebP or GIF image")
        expectRefusal(await upload(north, [{ content: svg, type: "image/png", name: "x.png" }]), 400, "file must be a JPEG, PNG, WebP or GIF image")
        expectRefusal(await upload(north, [{ content: Buffer.from("<!doctype html>"), type: "text/html", name: "x.html" }]), 400, /JPEG, PNG, WebP or GIF/)
        const png = await picture(200, 200)
        expectRefusal(await upload(north, [{ content: png, type: "text/html", name: "x.png" }]), 400, /JPEG, PNG, WebP or GIF/)
        const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(400, 7)])
        expectRefusal(await upload(north, [{ content: damaged, type: "image/png" }]), 400, "file could not be read as an image: the file may be damaged")
        expect(storedFiles()).toEqual(before)
      })

      it("refuses a file over the limit with 413 naming it (5 MB by default); nothing is stored", async () => {
        const before = storedFiles()
        const png = await picture(10, 10)
        const tooLarge = Buffer.concat([png, Buffer.alloc(5 * MB + 1 - png.length)])
        expectRefusal(await upload(north, [{ content: tooLarge, type: "image/png" }]), 413, "file is too large: an image may be at most 5 MB")
        expect(storedFiles()).toEqual(before)
      })

      it("refuses a request without the image, with another field or with two images, naming the field", async () => {
        const json = await api.post("/api/uploads", {}, bearer(north))
        expectRefusal(json, 400, "Choose an image to upload (field file: a JPEG, PNG, WebP or GIF file)")
        expectRefusal(await upload(north, []), 400, /^Choose an image to upload/)
        const png = await picture(20, 20)
        expectRefusal(await upload(north, [{ field: "image", content: png, type: "image/png" }]), 400, "Upload one image at a time, in the field file")
        expectRefusal(await upload(north, [{ content: png, type: "image/png" }, { content: png, type: "image/png" }]), 400, /^Upload one image at a time/)
      })

      it("needs a member of the organization: 401 without a token, 403 for an administrator and for another organization", async () => {
        const before = storedFiles()
        const png = await picture(20, 20)
        const anonymous = await upload(null, [{ content: png, type: "image/png" }])
        expect(anonymous.status).toBe(401)
        expect(anonymous.data).toEqual({ error: "Unauthorized", message: "Authentication required" })
        const byAdmin = await upload(admin, [{ content: png, type: "image/png" }])
        expect(byAdmin.status).toBe(403)
        expect(byAdmin.data).toEqual({ error: "Forbidden", message: "Artist access required" })
        const otherOrg = await upload(north, [{ content: png, type: "image/png" }], { fields: { org_id: orgs["studio-south"] } })
        expect(otherOrg.status).toBe(403)
        expect(otherOrg.data).toEqual({ error: "Forbidden", message: "You are not a member of this organization" })
        const otherOrgQuery = await upload(south, [{ content: png, type: "image/png" }], { query: `?org_id=${orgs["studio-north"]}` })
        expect(otherOrgQuery.status).toBe(403)
        expect(storedFiles()).toEqual(before)
      })
    })
  },
})
