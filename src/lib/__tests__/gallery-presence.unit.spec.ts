import { galleryPresence, studioApprovalNotice } from "../gallery-presence"

describe("gallery presence", () => {
  const approved = { name: "Studio West", gallery_approved: true }
  const awaiting = { name: "Studio West", gallery_approved: false }
  const published = { status: "active" as const, gallery_eligible: true }

  it("is in the gallery when published, offered, and the studio approved", () => {
    expect(galleryPresence(published, approved)).toEqual({ state: "in_gallery", message: "In the gallery and in your own store." })
  })

  it("names the studio's approval first, whatever the product", () => {
    for (const product of [published, { status: "draft" as const, gallery_eligible: false }]) {
      expect(galleryPresence(product, awaiting)).toEqual({
        state: "awaiting_approval",
        message:
          "Not in the gallery yet: Studio West awaits the gallery's approval. Published works sell in your own store meanwhile, and join the gallery once it is approved.",
      })
    }
  })

  it("then the product's own reasons", () => {
    expect(galleryPresence({ ...published, gallery_eligible: false }, approved).state).toBe("not_offered")
    expect(galleryPresence({ ...published, status: "draft" }, approved)).toEqual({
      state: "not_published",
      message: "A draft: publish it to show it in the gallery.",
    })
    expect(galleryPresence({ ...published, status: "archived" }, approved).message).toBe("Archived: it is in neither the gallery nor your store.")
  })

  it("tells the overview while the studio awaits approval, and nothing after", () => {
    expect(studioApprovalNotice(awaiting)?.title).toBe("Studio West awaits approval for the gallery")
    expect(studioApprovalNotice(approved)).toBeNull()
  })
})
