import { useThemeConfig } from '@docusaurus/theme-common'
import { CodeBlockContextProvider, createCodeBlockMetadata, useCodeWordWrap } from '@docusaurus/theme-common/internal'
import type { Props } from '@theme/CodeBlock/Content/String'
import CodeBlockLayout from '@theme/CodeBlock/Layout'
import { type ReactNode, useMemo } from 'react'

/**
 * The theme's string code block, with its metadata (the code's lines parsed for magic comments,
 * the language, the title) computed once per code instead of on every render. The theme re-renders
 * a block when its word-wrap state changes — right after hydration, for every block that scrolls
 * sideways, as most JSON examples do on a phone — and re-parsing every line of every block then was
 * one uninterruptible task on the event-type pages (decision 0055). Otherwise the theme's component.
 */
export default function CodeBlockString({
  children,
  className,
  metastring,
  language,
  title,
  showLineNumbers,
}: Props): ReactNode {
  const { prism } = useThemeConfig()
  const metadata = useMemo(
    () =>
      createCodeBlockMetadata({
        code: children,
        className,
        metastring,
        magicComments: prism.magicComments,
        defaultLanguage: prism.defaultLanguage,
        language,
        title,
        showLineNumbers,
      }),
    [children, className, metastring, prism.magicComments, prism.defaultLanguage, language, title, showLineNumbers],
  )
  const wordWrap = useCodeWordWrap()
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <CodeBlockLayout />
    </CodeBlockContextProvider>
  )
}
