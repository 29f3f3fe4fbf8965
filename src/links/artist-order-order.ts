import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import GalleryModule from "../modules/gallery"

/** The Medusa order that mirrors one gallery artist order in the organization's order book (docs/order-book.md). */
export default defineLink(GalleryModule.linkable.galleryArtistOrder, OrderModule.linkable.order)
