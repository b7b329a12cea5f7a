/**
 * Sends concurrent cart adds to PostgreSQL together (decision 0048, third amendment). An add that
 * arrives while fewer than `maxInFlight` calls are running goes out on the next turn of the event
 * loop with whatever else arrived in that turn; one that arrives while `maxInFlight` are running waits
 * for the first to finish and goes with every add waiting then (at most `maxBatch` a call). Idle, an
 * add waits for nothing; under load, one call does the work of many, one round trip and one commit.
 *
 * `run` answers the items it did, by index; an item it did not (or a call that failed — a deadlock
 * the database broke, a lost connection) answers undefined, and the caller's ordinary transaction
 * decides it, as for an add the function refuses.
 *
 * Bound: the waiting adds are the requests in flight (each waits on its own answer); a call carries at
 * most `maxBatch` of them.
 */
export interface BatchOptions {
  maxInFlight: number
  maxBatch: number
}

export const defaultCartAddBatchOptions: BatchOptions = { maxInFlight: 2, maxBatch: 32 }

interface Waiting<Item, Answer> {
  item: Item
  resolve: (answer: Answer | undefined) => void
}

export function createBatcher<Item, Answer>(
  run: (items: Item[]) => Promise<Map<number, Answer>>,
  options: BatchOptions = defaultCartAddBatchOptions,
) {
  let waiting: Waiting<Item, Answer>[] = []
  let inFlight = 0
  let scheduled = false

  function send(): void {
    scheduled = false
    while (waiting.length > 0 && inFlight < options.maxInFlight) {
      const batch = waiting.slice(0, options.maxBatch)
      waiting = waiting.slice(batch.length)
      inFlight++
      run(batch.map((w) => w.item))
        .then(
          (answers) => {
            for (const [index, w] of batch.entries()) w.resolve(answers.get(index))
          },
          () => {
            for (const w of batch) w.resolve(undefined)
          },
        )
        .finally(() => {
          inFlight--
          send()
        })
    }
  }

  return {
    /** The item's answer, or undefined when the caller must decide it another way. */
    add(item: Item): Promise<Answer | undefined> {
      return new Promise((resolve) => {
        waiting.push({ item, resolve })
        if (!scheduled && inFlight < options.maxInFlight) {
          scheduled = true
          setImmediate(send)
        }
      })
    },
  }
}
