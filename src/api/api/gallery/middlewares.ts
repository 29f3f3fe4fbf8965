import type { MiddlewareRoute } from "@medusajs/framework/http"
import { galleryArtistMiddlewares } from "./artist/middlewares"
import { galleryCartMiddlewares } from "./cart/middlewares"
import { galleryCheckoutMiddlewares } from "./checkout/middlewares"
import { galleryImagesMiddlewares } from "./images/middlewares"
import { galleryNewsletterMiddlewares } from "./newsletter/middlewares"
import { galleryOrdersMiddlewares } from "./orders/middlewares"
import { galleryProductsMiddlewares } from "./products/middlewares"
import { galleryReferralMiddlewares } from "./referral/middlewares"
import { galleryShippingMiddlewares } from "./shipping/middlewares"

/** /api/gallery/*: public browsing, cart session, checkout, order tracking, and the artist routes. */
export const galleryMiddlewares: MiddlewareRoute[] = [
  ...galleryProductsMiddlewares,
  ...galleryImagesMiddlewares,
  ...galleryCartMiddlewares,
  ...galleryCheckoutMiddlewares,
  ...galleryShippingMiddlewares,
  ...galleryOrdersMiddlewares,
  ...galleryReferralMiddlewares,
  ...galleryNewsletterMiddlewares,
  ...galleryArtistMiddlewares,
]
