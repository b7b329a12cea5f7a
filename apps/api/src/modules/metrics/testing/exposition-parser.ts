/**
 * A parser of the Prometheus text exposition format (0.0.4), for tests that read `/metrics` as a
 * scraper does: `# TYPE` lines, and samples `name{label="value",…} value` with the format's label
 * escapes (`\\`, `\"`, `\n`). Timestamps, if present, are ignored.
 */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

export interface Exposition {
  /** Metric family name → its declared type. */
  types: Map<string, string>
  samples: Sample[]
  /** The value of the one sample with this name whose labels include `labels` (undefined if none; throws if several). */
  value(name: string, labels?: Record<string, string>): number | undefined
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {}
  let i = 0
  while (i < text.length) {
    const name = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"/.exec(text.slice(i))
    if (!name) throw new Error(`Bad labels in: ${line}`)
    i += name[0].length
    let value = ''
    for (;;) {
      const char = text[i]
      if (char === undefined) throw new Error(`Unterminated label value in: ${line}`)
      i++
      if (char === '"') break
      if (char === '\\') {
        const escaped = text[i++]
        value += escaped === 'n' ? '\n' : (escaped ?? '')
      } else {
        value += char
      }
    }
    labels[name[1] as string] = value
    const rest = /^\s*,?\s*/.exec(text.slice(i))
    i += rest?.[0].length ?? 0
  }
  return labels
}

function parseValue(text: string, line: string): number {
  // Special values are case-insensitive, as Prometheus reads them (prom-client writes `Nan`).
  const special = text.toLowerCase()
  if (special === '+inf' || special === 'inf') return Number.POSITIVE_INFINITY
  if (special === '-inf') return Number.NEGATIVE_INFINITY
  if (special === 'nan') return Number.NaN
  const value = Number(text)
  if (Number.isNaN(value)) throw new Error(`Bad sample value in: ${line}`)
  return value
}

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line)
      if (type) types.set(type[1] as string, type[2] as string)
      else if (!line.startsWith('# HELP ')) throw new Error(`Unknown comment line: ${line}`)
      continue
    }
    const match = sampleLine.exec(line)
    if (!match) throw new Error(`Not a sample line: ${line}`)
    samples.push({
      name: match[1] as string,
      labels: match[2] ? parseLabels(match[2], line) : {},
      value: parseValue(match[3] as string, line),
    })
  }
  return {
    types,
    samples,
    value(name, labels = {}) {
      const found = samples.filter(
        (sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v),
      )
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`)
      return found[0]?.value
    },
  }
}
