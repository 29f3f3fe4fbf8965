import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react"
import type { GalleryCart } from "../../../src/sdk"
import { sdk } from "./sdk"

type CartContextValue = {
  /** The last cart read, or null before the first read (or after it failed). */
  cart: GalleryCart | null
  refresh: () => Promise<GalleryCart | null>
}

const CartContext = createContext<CartContextValue>({ cart: null, refresh: async () => null })

/** The cart as the header's count and the pages share it; pages refresh it after every write. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, setCart] = useState<GalleryCart | null>(null)
  const refresh = useCallback(async () => {
    try {
      const { cart } = await sdk.gallery.cart.retrieve()
      setCart(cart)
      return cart
    } catch {
      return null
    }
  }, [])
  useEffect(() => {
    void refresh()
  }, [refresh])
  return <CartContext.Provider value={{ cart, refresh }}>{children}</CartContext.Provider>
}

export const useCart = () => useContext(CartContext)
