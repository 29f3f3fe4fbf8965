import type { MiddlewareRoute } from "@medusajs/framework/http"
import { galleryArtistMiddlewares } from "./artist/middlewares"
import { galleryArtistsMiddlewares } from "./artists/middlewares"
import { galleryCartMiddlewares } from "./cart/middlewares"
import { galleryCheckoutMiddlewares } from "./checkout/middlewares"
import { galleryCollectionsMiddlewares } from "./collections/middlewares"
import { galleryImagesMiddlewares } from "./images/middlewares"
import { galleryNewsletterMiddlewares } from "./newsletter/middlewares"
import { galleryOrdersMiddlewares } from "./orders/middlewares"
import { galleryProductsMiddlewares } from "./products/middlewares"
import { galleryReferralMiddlewares } from "./referral/middlewares"
import { galleryShippingMiddlewares } from "./shipping/middlewares"

/** /api/gallery/*: public browsing (works, collections, artists), cart session, checkout, order tracking, and the artist routes. */
export const galleryMiddlewares: MiddlewareRoute[] = [
  ...galleryProductsMiddlewares,
  ...galleryCollectionsMiddlewares,
  ...galleryArtistsMiddlewares,
  ...galleryImagesMiddlewares,
  ...galleryCartMiddlewares,
  ...galleryCheckoutMiddlewares,
  ...galleryShippingMiddlewares,
  ...galleryOrdersMiddlewares,
  ...galleryReferralMiddlewares,
  ...galleryNewsletterMiddlewares,
  ...galleryArtistMiddlewares,
]
