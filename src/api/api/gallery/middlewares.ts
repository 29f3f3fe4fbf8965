import type { MiddlewareRoute } from "@medusajs/framework/http"
import { galleryArtistMiddlewares } from "./artist/middlewares"
import { galleryCartMiddlewares } from "./cart/middlewares"
import { galleryCheckoutMiddlewares } from "./checkout/middlewares"
import { galleryNewsletterMiddlewares } from "./newsletter/middlewares"
import { galleryOrdersMiddlewares } from "./orders/middlewares"
import { galleryProductsMiddlewares } from "./products/middlewares"
import { galleryReferralMiddlewares } from "./referral/middlewares"

/** /api/gallery/*: public browsing, cart session, checkout, order tracking, and the artist routes. */
export const galleryMiddlewares: MiddlewareRoute[] = [
  ...galleryProductsMiddlewares,
  ...galleryCartMiddlewares,
  ...galleryCheckoutMiddlewares,
  ...galleryOrdersMiddlewares,
  ...galleryReferralMiddlewares,
  ...galleryNewsletterMiddlewares,
  ...galleryArtistMiddlewares,
]
