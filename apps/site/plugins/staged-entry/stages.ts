/** One step of the page's start: evaluates some modules (./entry.ts). */
export type Stage = () => Promise<unknown>

/** A new task: whatever was queued before it (input, a paint, a chunk's script) runs first. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/** Runs each stage in a task of its own, in order, each after the previous one has settled. */
export async function runInStages(stages: readonly Stage[], yieldTask: () => Promise<void> = nextTask): Promise<void> {
  for (const stage of stages) {
    await yieldTask()
    await stage()
  }
}
