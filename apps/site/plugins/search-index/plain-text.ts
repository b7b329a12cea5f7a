/**
 * Search snippets as plain text. The offline search shows a result's indexed text as its snippet;
 * text that still carries Markdown or MDX syntax — from a code sample that shows Markdown, a
 * description written in Markdown, a component left unrendered — would show `**`, backticks,
 * `[text](url)`, `<Sample …/>` or `:::note` to the reader. Indexed text is cleaned of that syntax
 * before the index is built, so what is matched is what is shown.
 */

const rules: ReadonlyArray<readonly [RegExp, string]> = [
  // MDX comments and ESM lines.
  [/\{\/\*[\s\S]*?\*\/\}/g, ' '],
  [/(^|\s)(?:import|export)\s+[^;\n]*?\sfrom\s+['"][^'"]+['"];?/g, '$1'],
  // Admonition fences (`:::note Title`, `:::`).
  [/(^|\s):::[a-z]*(?=\s|$)/gi, '$1'],
  // JSX/HTML tags of components (`<Sample file="x" />`, `<Tabs>`, `</TabItem>`), not `a < b`.
  [/<\/?[A-Za-z][\w.-]*(?:\s+[\w:.-]+(?:=(?:"[^"]*"|'[^']*'|\{[^}]*\}))?)*\s*\/?>/g, ' '],
  // Images and links: their text.
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'],
  [/\[([^\]]+)\]\((?:[^()\s]|\([^)]*\))*(?:\s+"[^"]*")?\)/g, '$1'],
  [/\[([^\]]+)\]\[[^\]]*\]/g, '$1'],
  // Code fences and inline code: the code, without the backticks.
  [/```[\w-]*/g, ' '],
  [/`+([^`]*)`+/g, '$1'],
  // Emphasis: `**bold**`, `__bold__`, `*em*`, `_em_`, `~~del~~` (not `2 * 3`, `snake_case`, `****-7K2P`).
  [/(?<![*\w])(\*\*|__)(?=[^\s*_])([\s\S]*?[^\s*_])\1(?![*\w])/g, '$2'],
  [/(^|[\s(])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?=[\s).,;:!?]|$)/g, '$1$2'],
  [/(^|[\s(])_(?=[^\s_])([^_\n]*?[^\s_])_(?=[\s).,;:!?]|$)/g, '$1$2'],
  [/~~(?=\S)([\s\S]*?\S)~~/g, '$1'],
  // Heading markers and block quotes at the start of a line or of the text.
  [/(^|\n)\s{0,3}#{1,6}\s+/g, '$1'],
  [/(^|\n)\s{0,3}>\s?/g, '$1'],
]

export function plainText(text: string): string {
  let result = text
  for (const [pattern, replacement] of rules) result = result.replace(pattern, replacement)
  return result.replace(/\s+/g, ' ').trim()
}
