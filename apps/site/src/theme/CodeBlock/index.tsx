import type { Props } from '@theme/CodeBlock'
import ElementContent from '@theme/CodeBlock/Content/Element'
import StringContent from '@theme/CodeBlock/Content/String'
import { Children, isValidElement, type ReactNode, useEffect, useMemo } from 'react'
import type { CodeTokenLines } from '../../../config/code-token-lines.ts'
import { CodeTokensContext } from '../../components/CodeTokens'
import { useReaderContext } from '../../reader-context'
import { environmentFor, fillShellTokens, scriptLanguages, shellLanguages } from './sample-values.ts'
import styles from './styles.module.css'

function stringifyPlainChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children
  return Array.isArray(children) ? children.join('') : children
}

function languageOf({ language, className }: Pick<Props, 'language' | 'className'>): string | undefined {
  return (
    language ??
    className
      ?.split(' ')
      .find((name) => name.startsWith('language-'))
      ?.slice('language-'.length)
  )
}

const textOf = (lines: CodeTokenLines) => lines.map((line) => line.map(([, text]) => text).join('')).join('\n')

/**
 * The theme's code block with three changes. It takes build-time tokens (`tokens`, which every
 * Markdown code block gets from remark-code-tokens) and renders them without Prism in the browser
 * (Content/index.tsx). It does not remount after hydration: the stock component keys its content
 * on "is this the browser" so that a reader in dark mode gets the dark Prism theme's inline styles,
 * which throws away every code block's DOM once the page has hydrated. Our Prism themes carry no
 * styles (config/prism-themes.ts): colours are CSS per colour mode, so the server's markup is right
 * in both modes. And on a local demo install a shell sample's variables are filled in with the
 * reader's live values after hydration (decision 0032): shown and copied alike, with a note saying so.
 */
export default function CodeBlock(allProps: Props): ReactNode {
  const { children: rawChildren, tokens } = allProps
  // The theme's props, the same object for as long as the block's own props are: re-rendering the
  // block when the reader's values arrive leaves the theme's block alone unless its text changes.
  const props = useMemo(() => {
    const { children: _children, tokens: _tokens, ...rest } = allProps
    return rest
  }, [allProps])
  const children = stringifyPlainChildren(rawChildren)
  const reader = useReaderContext()
  const language = languageOf(props)
  const filled = useMemo(() => {
    if (!reader || tokens === undefined || typeof children !== 'string') return undefined
    if (language === undefined || !shellLanguages.has(language)) return undefined
    return fillShellTokens(JSON.parse(tokens) as CodeTokenLines, reader.values)
  }, [reader, tokens, children, language])
  const environment = useMemo(() => {
    if (!reader || typeof children !== 'string' || language === undefined || !scriptLanguages.has(language)) return []
    return environmentFor(children, reader.values)
  }, [reader, children, language])
  useEffect(() => {
    // For readers (and the newcomer suite): the page's samples now carry this server's values.
    if (reader) document.documentElement.dataset.readerContext = 'ready'
  }, [reader])

  // One shape before and after the values arrive, so the block re-renders rather than remounts.
  const shownChildren = filled ? textOf(filled.lines) : children
  const shownTokens = filled ? JSON.stringify(filled.lines) : tokens
  // Rendered again only when what it shows changes: on a page of long samples, rebuilding every
  // block's HTML when the values arrive was one uninterruptible task on a phone (decision 0055).
  const block = useMemo(
    () => (
      <CodeTokensContext value={shownTokens}>
        {typeof shownChildren === 'string' ? (
          <StringContent {...props}>{shownChildren}</StringContent>
        ) : (
          <ElementContent {...props}>{shownChildren}</ElementContent>
        )}
      </CodeTokensContext>
    ),
    [shownTokens, shownChildren, props],
  )
  return (
    <>
      {block}
      {filled && (
        <p className={styles.filled}>
          Filled in from your local demo shop:{' '}
          {filled.filled.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <code>{name}</code>
            </span>
          ))}
          . Set the variable to use your own value.
        </p>
      )}
      {environment.length > 0 && (
        <p className={styles.filled}>
          With your local demo shop, run it with <code>{environment.join(' ')}</code> before the command.
        </p>
      )}
    </>
  )
}
