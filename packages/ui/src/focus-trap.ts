/// <reference lib="dom" />

/** What Tab can reach inside a container, in document order. */
export const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/**
 * Where Tab (or Shift+Tab) goes inside a focus trap of `count` elements, from the element at
 * `current` (-1: focus is outside them): past the last it wraps to the first, before the first to
 * the last. -1 when there is nothing to focus.
 */
export function nextFocusIndex(count: number, current: number, backwards: boolean): number {
  if (count === 0) return -1
  if (current < 0) return backwards ? count - 1 : 0
  return (current + (backwards ? -1 : 1) + count) % count
}

/** Keeps Tab inside `container`: call from its keydown handler. */
export function trapTab(
  container: HTMLElement,
  event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void },
) {
  if (event.key !== 'Tab') return
  const focusable = [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  )
  const current = focusable.indexOf(document.activeElement as HTMLElement)
  const next = nextFocusIndex(focusable.length, current, event.shiftKey)
  event.preventDefault()
  focusable[next]?.focus()
}
