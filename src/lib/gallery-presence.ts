// Whether an artist's work is in the gallery, and why not, in the artist's words (the dashboard's product page and
// overview). The rule is the spec's gallery eligibility (src/queries/gallery-products.ts): published, offered to the
// gallery, and its studio approved by the gallery's administrators. Pure.
import type { DashboardProductStatus } from "./dashboard-products"

export type GalleryPresence =
  | { state: "in_gallery"; message: string }
  | { state: "awaiting_approval" | "not_offered" | "not_published"; message: string }

/** Where a product stands in the gallery: the first reason it is not there (the studio's approval first). */
export function galleryPresence(
  product: { status: DashboardProductStatus; gallery_eligible: boolean },
  studio: { name: string; gallery_approved: boolean }
): GalleryPresence {
  if (!studio.gallery_approved) {
    return {
      state: "awaiting_approval",
      message: `Not in the gallery yet: ${studio.name} awaits the gallery's approval. Published works sell in your own store meanwhile, and join the gallery once it is approved.`,
    }
  }
  if (!product.gallery_eligible) return { state: "not_offered", message: "Not offered to the gallery: it sells in your own store only." }
  if (product.status !== "active") {
    return {
      state: "not_published",
      message: product.status === "draft" ? "A draft: publish it to show it in the gallery." : "Archived: it is in neither the gallery nor your store.",
    }
  }
  return { state: "in_gallery", message: "In the gallery and in your own store." }
}

/** The overview's word on a studio the gallery has not approved yet (null once approved). */
export function studioApprovalNotice(studio: { name: string; gallery_approved: boolean }): { title: string; message: string } | null {
  if (studio.gallery_approved) return null
  return {
    title: `${studio.name} awaits approval for the gallery`,
    message:
      "Your published works sell in your own store already. They appear in the Atelier gallery once the gallery's administrators approve your studio: there is nothing more to do meanwhile.",
  }
}
