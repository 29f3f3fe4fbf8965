/**
 * A least-recently-used cache bounded by the bytes it holds (the image route keeps the sized images it made, so that
 * a list's thumbnails are resized once, not on every request). An entry larger than the whole budget is not kept.
 */
export class ByteBudgetCache<V extends { byteLength: number }> {
  // A Map iterates in insertion order: re-inserting on every read keeps the least recently used first.
  private readonly entries = new Map<string, V>()
  private bytes = 0

  constructor(private readonly budgetBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, entry: V): void {
    const previous = this.entries.get(key)
    if (previous !== undefined) {
      this.entries.delete(key)
      this.bytes -= previous.byteLength
    }
    if (entry.byteLength > this.budgetBytes) return
    this.entries.set(key, entry)
    this.bytes += entry.byteLength
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.budgetBytes) break
      this.entries.delete(oldest)
      this.bytes -= value.byteLength
    }
  }

  /** Bytes held (what the budget counts). */
  get size(): number {
    return this.bytes
  }

  has(key: string): boolean {
    return this.entries.has(key)
  }
}
