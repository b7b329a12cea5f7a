/**
 * Configurations this worker saw answer 410, each until a time (the worker's lease: past it, its
 * claims can no longer hold deliveries loaded before the disable was recorded). A disabled
 * configuration is not sent to again, so nothing else would forget it: remembering one first
 * drops those whose time has passed. Bound: the configurations that answered 410 within the last
 * lease, plus the one being remembered.
 */
export function createGoneConfigurations() {
  const until = new Map<string, number>()
  return {
    /** Until when `configurationId` counts as gone (possibly already passed), if it answered 410. */
    until: (configurationId: string): number | undefined => until.get(configurationId),
    forget: (configurationId: string): void => {
      until.delete(configurationId)
    },
    remember(configurationId: string, goneUntil: number, now: number): void {
      for (const [id, time] of until) if (time <= now) until.delete(id)
      until.set(configurationId, goneUntil)
    },
    get size(): number {
      return until.size
    },
  }
}
