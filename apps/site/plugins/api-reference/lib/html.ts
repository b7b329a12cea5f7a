/** Minimal HTML string building. Every text and attribute value goes through `esc`. */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => entities[char] ?? char)
}

export type Attrs = Record<string, string | number | boolean | undefined | null>

export function attrs(values: Attrs): string {
  let out = ''
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === false) continue
    out += value === true ? ` ${name}` : ` ${name}="${esc(value)}"`
  }
  return out
}

/** `el('p', {class: 'x'}, 'already-escaped html')` */
export function el(
  tag: string,
  attributes: Attrs | null,
  ...children: Array<string | false | undefined | null>
): string {
  return `<${tag}${attributes ? attrs(attributes) : ''}>${children.filter(Boolean).join('')}</${tag}>`
}

export function join(parts: Array<string | false | undefined | null>, separator = ''): string {
  return parts.filter(Boolean).join(separator)
}

/** Inline code. */
export function code(text: unknown): string {
  return `<code>${esc(text)}</code>`
}
