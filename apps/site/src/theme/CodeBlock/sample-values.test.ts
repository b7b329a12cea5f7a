import { describe, expect, it } from 'vitest'
import { codeTokenLines } from '../../../config/code-tokens.ts'
import { environmentFor, fillShellTokens, shellVariableSpans } from './sample-values.ts'

const values = {
  FANSHELF_API_USER: 'api-user@pixel-pines',
  FANSHELF_API_PASSWORD: 'Xy9_kQ-2',
  VARIANT_ID: '5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80',
  CART_ID: 'c7a1e2d4-0000-4000-8000-000000000001',
  UNSAFE: 'two words',
}

const text = (lines: ReturnType<typeof codeTokenLines>) =>
  lines.map((line) => line.map(([, content]) => content).join('')).join('\n')

function fill(code: string) {
  return fillShellTokens(codeTokenLines(code, 'bash'), values)
}

describe('filling a shell sample with the reader’s values', () => {
  it('turns $NAME and its braced form into the :- form with the value, in and out of double quotes', () => {
    const code = `curl -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \\\n  "\${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/carts/\${CART_ID}/add" --data-urlencode v=$VARIANT_ID`
    const result = fill(code)
    expect(result?.filled).toEqual(['CART_ID', 'FANSHELF_API_PASSWORD', 'FANSHELF_API_USER', 'VARIANT_ID'])
    expect(text(result?.lines ?? [])).toBe(
      `curl -u "\${FANSHELF_API_USER:-api-user@pixel-pines}:\${FANSHELF_API_PASSWORD:-Xy9_kQ-2}" \\\n  "\${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/carts/\${CART_ID:-c7a1e2d4-0000-4000-8000-000000000001}/add" --data-urlencode v=\${VARIANT_ID:-5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80}`,
    )
  })

  it('leaves single-quoted text, comments, escapes, unknown and unsafe values alone', () => {
    const code = `# Needs $CART_ID first\necho '$VARIANT_ID' \\$VARIANT_ID $OTHER $UNSAFE "$VARIANT_ID"`
    const result = fill(code)
    expect(result?.filled).toEqual(['VARIANT_ID'])
    expect(text(result?.lines ?? [])).toBe(
      `# Needs $CART_ID first\necho '$VARIANT_ID' \\$VARIANT_ID $OTHER $UNSAFE "\${VARIANT_ID:-5e0c6f3a-1b2d-4c8e-9f7a-3b4c5d6e7f80}"`,
    )
  })

  it('tells a variable inside a JSON body spliced out of single quotes from one left in them', () => {
    const code = `-d '{"variantId": "'"$VARIANT_ID"'", "note": "$CART_ID"}'`
    expect(shellVariableSpans(code).map((span) => span.name)).toEqual(['VARIANT_ID'])
  })

  it('fills nothing when no value applies', () => {
    expect(fill('curl "$NOTHING_KNOWN"')).toBeUndefined()
  })
})

describe('the environment a script sample runs with', () => {
  it('lists the known variables it reads, in order of first use, once each', () => {
    const code = `baseUrl: process.env.FANSHELF_ORIGIN ?? 'x',\nauth: { username: process.env.FANSHELF_API_USER!, password: process.env.FANSHELF_API_PASSWORD! }\nprocess.env.FANSHELF_API_USER\nprocess.env.UNSAFE`
    expect(environmentFor(code, values)).toEqual([
      'FANSHELF_API_USER=api-user@pixel-pines',
      'FANSHELF_API_PASSWORD=Xy9_kQ-2',
    ])
  })
})
