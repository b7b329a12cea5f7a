import contentStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css'
import lineStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css'
import { useCodeBlockContext } from '@docusaurus/theme-common/internal'
import { highlightCode } from '@fanshelf/code-highlighter'
import type { Props } from '@theme/CodeBlock/Content'
import clsx from 'clsx'
import { type ReactNode, useMemo } from 'react'
import { codeLinesHtml } from '../../../../config/code-lines-html.ts'
import { tokensFor, useCodeTokensJson } from '../../../components/CodeTokens'

/**
 * The theme's code block content, rendered from build-time tokens (src/theme/CodeBlock) instead of
 * running Prism, and handed to React as HTML: the markup is the theme's (lines, token spans, line
 * numbers, highlighted lines), but the browser neither highlights nor hydrates a token at a time —
 * on a code-heavy guide those were most of the main-thread work after the page was painted.
 */
export default function CodeBlockContent({ className }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext()
  const tokensJson = useCodeTokensJson()
  const { code, language, lineNumbersStart, lineClassNames } = metadata
  const withNumbers = lineNumbersStart !== undefined
  // Built once per code: the block re-renders when its word-wrap state changes, and rebuilding the
  // HTML of a long example then cost as much as the first time (decision 0055).
  const html = useMemo(() => {
    const lines = tokensFor(tokensJson, code) ?? highlightCode(code, language)
    return codeLinesHtml(lines, lineClassNames, withNumbers ? lineStyles : undefined)
  }, [tokensJson, code, language, lineClassNames, withNumbers])
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code block must be reachable by keyboard (as the theme's).
      tabIndex={0}
      className={clsx(className, `prism-code language-${language}`, contentStyles.codeBlock, 'thin-scrollbar')}
    >
      <code
        className={clsx(contentStyles.codeBlockLines, withNumbers && contentStyles.codeBlockLinesWithNumbering)}
        style={withNumbers ? { counterReset: `line-count ${lineNumbersStart - 1}` } : undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own code tokens, every text escaped by codeLinesHtml.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </pre>
  )
}
