/**
 * The ids of the events already accepted, for de-duplication: Fanshelf delivers at least once (retries,
 * replays), always with the same envelope `id`. Bounded: past `capacity` ids the oldest is forgotten,
 * which is safe as long as the capacity covers the retry window of your traffic (about 28 hours: the sum of the retry delays).
 */
export class SeenEvents {
  private readonly ids = new Set<string>()

  constructor(private readonly capacity = 10_000) {}

  /** Records `id`; false when it was already recorded (a duplicate delivery). */
  add(id: string): boolean {
    if (this.ids.has(id)) return false
    this.ids.add(id)
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value
      if (oldest !== undefined) this.ids.delete(oldest)
    }
    return true
  }

  get size(): number {
    return this.ids.size
  }
}
