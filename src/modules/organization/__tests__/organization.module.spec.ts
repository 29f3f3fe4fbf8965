import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import path from "node:path"
import { ORGANIZATION_MODULE } from ".."
import OrganizationModuleService from "../service"

jest.setTimeout(60_000)

const moduleDir = path.join(__dirname, "..")

moduleIntegrationTestRunner<OrganizationModuleService>({
  moduleName: ORGANIZATION_MODULE,
  resolve: moduleDir,
  // The schema comes from the module's own migrations, so they are tested too.
  pathToMigrations: path.join(moduleDir, "migrations"),
  testSuite: ({ service }) => {
    it("stores an organization with the spec's defaults", async () => {
      const org = await service.createOrganizations({ name: "Studio", slug: "studio" })
      expect(org).toMatchObject({
        id: expect.stringMatching(/^org_/),
        plan: "starter",
        gallery_approved: false,
        founding_artist_since: null,
        stripe_account_id: null,
        is_guest: false,
        expires_at: null,
      })
    })

    it("keeps slugs unique", async () => {
      await service.createOrganizations({ name: "One", slug: "same" })
      await expect(service.createOrganizations({ name: "Two", slug: "same" })).rejects.toThrow(/already exists/)
    })

    it("refuses an unknown plan", async () => {
      // @ts-expect-error the plan is outside the enum on purpose
      await expect(service.createOrganizations({ name: "X", slug: "x", plan: "enterprise" })).rejects.toThrow()
    })

    it("allows one membership per member and organization, and deletes memberships with the organization", async () => {
      const org = await service.createOrganizations({ name: "Studio", slug: "studio" })
      const member = await service.createMembers({ email: "a@example.com" })
      await service.createMemberships({ member_id: member.id, organization_id: org.id, role: "owner" })
      await expect(
        service.createMemberships({ member_id: member.id, organization_id: org.id, role: "member" })
      ).rejects.toThrow(/already exists/)

      await service.deleteOrganizations(org.id)
      expect(await service.listMemberships({ member_id: member.id })).toHaveLength(0)
      expect(await service.listMembers({ id: member.id })).toHaveLength(1)
    })

    it("keeps member emails unique", async () => {
      await service.createMembers({ email: "b@example.com" })
      await expect(service.createMembers({ email: "b@example.com" })).rejects.toThrow(/already exists/)
    })

    it("records artist products per organization", async () => {
      const org = await service.createOrganizations({ name: "Studio", slug: "studio" })
      const [original, print] = await service.createArtistProducts([
        { organization_id: org.id, product_type: "original", gallery_eligible: true },
        { organization_id: org.id },
      ])
      expect(original).toMatchObject({ product_type: "original", gallery_eligible: true, featured: false, archived_at: null })
      expect(print).toMatchObject({ product_type: "print", gallery_eligible: false })
      const [listed, count] = await service.listAndCountArtistProducts({ organization_id: org.id })
      expect(count).toBe(2)
      expect(listed.map((p) => p.id).sort()).toEqual([original.id, print.id].sort())
    })
  },
})
