import { useSearchParams } from 'react-router'

/** A list's page (0-based) kept in the URL (`?page=`), so Back and reload keep the place. */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams()
  const page = Math.max(0, Number.parseInt(params.get(name) ?? '0', 10) || 0)
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next <= 0) updated.delete(name)
        else updated.set(name, String(next))
        return updated
      },
      { preventScrollReset: false },
    )
  return [page, setPage]
}
