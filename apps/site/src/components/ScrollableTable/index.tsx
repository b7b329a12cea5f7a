import type { ComponentProps, ReactNode } from 'react'

/**
 * A table of the guides. On narrow screens a table wider than the page scrolls inside its own box
 * (src/css/custom.css), so it is focusable: keyboard readers scroll it with the arrow keys (WCAG 2.1.1,
 * axe `scrollable-region-focusable`), as they do the code blocks.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that may scroll must be reachable by keyboard
  return <table tabIndex={0} {...props} />
}
