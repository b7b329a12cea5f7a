/**
 * Prints a JSON value as a literal of the sample's language, indented to sit inside the
 * surrounding code (`indent` is the indentation of the line the literal starts on).
 */

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/

type Style = 'javascript' | 'python' | 'ruby' | 'php'

function quote(text: string, style: Style): string {
  if (style === 'javascript' || style === 'php') {
    return `'${text
      .replace(/\\/g, '\\\\')
      .replace(/'/g, "\\'")
      .replace(/\n/g, style === 'php' ? '\' . "\\n" . \'' : '\\n')}'`
  }
  return JSON.stringify(text)
}

function scalar(value: unknown, style: Style): string {
  if (value === null || value === undefined)
    return { javascript: 'null', python: 'None', ruby: 'nil', php: 'null' }[style]
  if (value === true) return style === 'python' ? 'True' : 'true'
  if (value === false) return style === 'python' ? 'False' : 'false'
  if (typeof value === 'number') return String(value)
  return quote(String(value), style)
}

function key(name: string, style: Style): string {
  if (style === 'javascript') return identifier.test(name) ? name : quote(name, style)
  if (style === 'ruby') return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${name}:` : `${JSON.stringify(name)} =>`
  if (style === 'php') return `${quote(name, style)} =>`
  return JSON.stringify(name)
}

export function literal(value: unknown, style: Style, indent = '', unit = '  '): string {
  const inner = indent + unit
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const items = value.map((item) => `${inner}${literal(item, style, inner, unit)},`)
    return `[\n${items.join('\n')}\n${indent}]`
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
    if (entries.length === 0) return { javascript: '{}', python: '{}', ruby: '{}', php: 'new stdClass()' }[style]
    const separator = style === 'python' ? ': ' : style === 'javascript' ? ': ' : ' '
    const items = entries.map(
      ([name, item]) => `${inner}${key(name, style)}${separator}${literal(item, style, inner, unit)},`,
    )
    const [open, close] = style === 'php' ? ['[', ']'] : ['{', '}']
    return `${open}\n${items.join('\n')}\n${indent}${close}`
  }
  return scalar(value, style)
}

/** Pretty JSON re-indented so every line after the first starts with `indent`. */
export function indentedJson(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`)
}
