// The buyer's email of the orders placed in this tab: the per-artist address form of the tracking page needs it
// (the order's second key), and the buyer has just typed it.
const key = (publicId: string) => `atelier-order-email:${publicId}`

export function rememberOrderEmail(publicId: string, email: string) {
  try {
    window.sessionStorage.setItem(key(publicId), email)
  } catch {
    // Storage refused (private mode): the buyer types the email again.
  }
}

export function rememberedOrderEmail(publicId: string): string {
  try {
    return window.sessionStorage.getItem(key(publicId)) ?? ""
  } catch {
    return ""
  }
}
