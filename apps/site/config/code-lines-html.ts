import type { CodeTokenLines } from './code-token-lines.ts'

/** Class names of the theme's Line component (its CSS module), for numbered lines. */
export interface LineClassNames {
  codeLine: string
  codeLineNumber: string
  codeLineContent: string
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }
const escapeHtml = (text: string) => text.replace(/[&<>]/g, (char) => escapes[char] ?? char)

/**
 * The markup the theme's Line and Line/Token components give the lines of a code block
 * (`token-line`, a `token <type>` span per token, a closing <br>), as HTML, with one saving: plain
 * text, which has no colour of its own, is a text node rather than a `token plain` span, and an
 * empty line has no span at all (the <br> keeps its height). On a code-heavy page that is a third
 * fewer elements to parse, style and lay out. Every text is escaped; class names are ours.
 */
export function codeLinesHtml(
  lines: CodeTokenLines,
  lineClassNames: Readonly<Record<number, readonly string[] | undefined>>,
  numbered: LineClassNames | undefined,
): string {
  let html = ''
  lines.forEach((tokens, index) => {
    let spans = ''
    for (const [className, text] of tokens) {
      if (text === '') continue
      spans += className === 'token plain' ? escapeHtml(text) : `<span class="${className}">${escapeHtml(text)}</span>`
    }
    const lineClass = ['token-line', ...(lineClassNames[index] ?? []), ...(numbered ? [numbered.codeLine] : [])].join(
      ' ',
    )
    const content = numbered
      ? `<span class="${numbered.codeLineNumber}"></span><span class="${numbered.codeLineContent}">${spans}</span>`
      : spans
    html += `<div class="${lineClass}">${content}<br></div>`
  })
  return html
}
