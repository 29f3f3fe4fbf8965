import { MedusaService } from "@medusajs/framework/utils"
import { ArtistOrder } from "./models/artist-order"
import { ArtistOrderItem } from "./models/artist-order-item"
import { CartItem } from "./models/cart-item"
import { GalleryOrder } from "./models/gallery-order"
import { OrderTransition } from "./models/order-transition"
import { Payout } from "./models/payout"

class GalleryModuleService extends MedusaService({
  CartItem,
  GalleryOrder,
  ArtistOrder,
  ArtistOrderItem,
  Payout,
  OrderTransition,
}) {}

export default GalleryModuleService
