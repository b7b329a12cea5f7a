import type { Props } from '@theme/CodeBlock'
import ElementContent from '@theme/CodeBlock/Content/Element'
import StringContent from '@theme/CodeBlock/Content/String'
import { Children, isValidElement, type ReactNode } from 'react'
import { CodeTokensContext } from '../../components/CodeTokens'

function stringifyPlainChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children
  return Array.isArray(children) ? children.join('') : children
}

/**
 * The theme's code block with two changes. It takes build-time tokens (`tokens`, which every
 * Markdown code block gets from remark-code-tokens) and renders them without Prism in the browser
 * (Content/index.tsx). And it does not remount after hydration: the stock component keys its content
 * on "is this the browser" so that a reader in dark mode gets the dark Prism theme's inline styles,
 * which throws away every code block's DOM once the page has hydrated. Our Prism themes carry no
 * styles (config/prism-themes.ts): colours are CSS per colour mode, so the server's markup is right
 * in both modes.
 */
export default function CodeBlock({ children: rawChildren, tokens, ...props }: Props): ReactNode {
  const children = stringifyPlainChildren(rawChildren)
  return (
    <CodeTokensContext value={tokens}>
      {typeof children === 'string' ? (
        <StringContent {...props}>{children}</StringContent>
      ) : (
        <ElementContent {...props}>{children}</ElementContent>
      )}
    </CodeTokensContext>
  )
}
