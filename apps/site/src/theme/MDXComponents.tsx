import ScrollableTable from '@site/src/components/ScrollableTable'
import MDXComponents from '@theme-original/MDXComponents'

/** The theme's MDX components, with the guides' Markdown tables keyboard-scrollable (ScrollableTable). */
export default { ...MDXComponents, table: ScrollableTable }
