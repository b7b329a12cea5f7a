/**
 * A generous estimate of a section's rendered height on a narrow phone, for
 * `contain-intrinsic-size`. Sections use `content-visibility: auto` (off-screen ones skip layout:
 * ~6x less layout work on the largest page), and a skipped section is as tall as this estimate
 * until it renders (then the browser remembers its real size). An estimate that is too small
 * would clip the section's end (and confuse accessibility checkers about what is visible); one
 * that is too large only lengthens the scrollbar until the reader gets there. So it errs large.
 *
 * Model (fitted on the three contracts at 360 px, then scaled 1.4x): visible text, block elements,
 * visible code lines (code blocks stop growing at 32rem) — ignoring closed <details> and the
 * samples of other languages, which take no space.
 */

const voidTags = new Set(['br', 'img', 'input', 'meta', 'link', 'hr', 'wbr', 'source'])
const blockTags = new Set(['p', 'li', 'h3', 'h4', 'summary', 'tr', 'div', 'pre', 'ul'])

interface Frame {
  tag: string
  hides: boolean
}

export function estimateHeight(html: string): number {
  const stack: Frame[] = []
  let hidden = 0
  let chars = 0
  let blocks = 0
  let codeLines = 0
  let codeBlocks = 0
  let currentPreLines = 0
  let inPre = 0
  let inCell = 0
  const tokens = /<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g
  for (const match of html.matchAll(tokens)) {
    const [, closing, rawTag, attributes = '', text] = match
    if (text !== undefined) {
      const parent = stack[stack.length - 1]
      const visible = hidden === 0 || (hidden === 1 && parent?.tag === 'summary' && stack[stack.length - 2]?.hides)
      if (!visible) continue
      if (inPre > 0) currentPreLines += text.split('\n').length - 1
      else chars += text.trim().length * (inCell > 0 ? 2.2 : 1)
      continue
    }
    const tag = (rawTag ?? '').toLowerCase()
    if (voidTags.has(tag)) continue
    if (closing) {
      while (stack.length > 0) {
        const frame = stack.pop() as Frame
        if (frame.hides) hidden -= 1
        if (frame.tag === 'pre') {
          inPre -= 1
          if (hidden === 0) codeLines += Math.min(currentPreLines + 1, 26)
        }
        if (frame.tag === 'td' || frame.tag === 'th') inCell -= 1
        if (frame.tag === tag) break
      }
      continue
    }
    const hides =
      (tag === 'details' && !/\sopen(?:[\s=>]|$)/.test(attributes)) ||
      (/class="?fsr-sample"?/.test(attributes) && !/data-lang="?curl"?/.test(attributes))
    stack.push({ tag, hides })
    if (tag === 'summary' && hidden === 1 && stack[stack.length - 2]?.hides) blocks += 1
    if (hides) hidden += 1
    if (hidden === 0 && blockTags.has(tag)) blocks += 1
    if (tag === 'pre') {
      inPre += 1
      currentPreLines = 0
      if (hidden === 0) codeBlocks += 1
    }
    if (tag === 'td' || tag === 'th') inCell += 1
  }
  const fitted = 0.72 * chars + 12.7 * blocks + 20.4 * codeLines + 82.5 * codeBlocks + 75
  return Math.round((1.4 * fitted + 80) / 10) * 10
}
