/** Where a page of a list starts and ends (1-based, inclusive), and whether it has neighbours. */
export function pageWindow(page: number, size: number, total: number, totalPages: number) {
  return {
    first: page * size + 1,
    last: Math.min(total, (page + 1) * size),
    hasPrevious: page > 0,
    hasNext: page + 1 < totalPages,
  }
}

/**
 * Previous/next through a list of `total` items, `size` a page (`page` counts from 0). The ends
 * are disabled buttons, not hidden ones, so the layout does not jump. Nothing when the list is empty.
 */
export function Pagination(props: {
  page: number
  totalPages: number
  total: number
  size: number
  onPage: (page: number) => void
  label?: string
}) {
  const { page, totalPages, total, size } = props
  if (total === 0) return null
  const shown = pageWindow(page, size, total, totalPages)
  return (
    <nav className="fs-pagination" aria-label={props.label ?? 'Pagination'}>
      <p className="fs-pagination__summary">
        {shown.first}–{shown.last} of {total}
      </p>
      <div className="fs-pagination__buttons">
        <button
          type="button"
          className="fs-button fs-button--secondary fs-button--small"
          disabled={!shown.hasPrevious}
          onClick={() => props.onPage(page - 1)}
        >
          Previous<span className="fs-visually-hidden"> page</span>
        </button>
        <span className="fs-pagination__page">
          Page {page + 1} of {Math.max(totalPages, 1)}
        </span>
        <button
          type="button"
          className="fs-button fs-button--secondary fs-button--small"
          disabled={!shown.hasNext}
          onClick={() => props.onPage(page + 1)}
        >
          Next<span className="fs-visually-hidden"> page</span>
        </button>
      </div>
    </nav>
  )
}
