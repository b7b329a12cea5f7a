import { useEffect, useRef, useState } from 'react'

export type AsyncState<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'error'; error: unknown }

/**
 * Runs `load` whenever `key` changes (the key names everything the load depends on) and keeps the latest
 * answer; an answer that arrives after the key changed is ignored, its request aborted.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, key: string): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' })
  const latestLoad = useRef(load)
  latestLoad.current = load
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the reload trigger; `load` is read through a ref.
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    latestLoad.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'done', data })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error })
      },
    )
    return () => controller.abort()
  }, [key])
  return state
}
