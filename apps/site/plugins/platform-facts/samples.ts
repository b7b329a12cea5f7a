import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { codeTokens } from '../../config/code-tokens.ts'

/** One signature-verification sample, shown in a language tab and executed by samples.test.ts. */
export interface SignatureSample {
  /** Tab value, shared with the reference pages' language switcher (`?lang=`). */
  language: string
  label: string
  /** Prism language for highlighting. */
  highlight: string
  file: string
  code: string
  /** Build-time syntax tokens of the code (config/code-tokens.ts). */
  tokens: string
}

export const sampleFiles: ReadonlyArray<Omit<SignatureSample, 'code' | 'tokens'>> = [
  { language: 'javascript', label: 'JavaScript / TypeScript', highlight: 'ts', file: 'verify.ts' },
  { language: 'python', label: 'Python', highlight: 'python', file: 'verify.py' },
  { language: 'go', label: 'Go', highlight: 'go', file: 'verify.go' },
  { language: 'php', label: 'PHP', highlight: 'php', file: 'verify.php' },
  { language: 'ruby', label: 'Ruby', highlight: 'ruby', file: 'verify.rb' },
  { language: 'java', label: 'Java', highlight: 'java', file: 'WebhookVerifier.java' },
  { language: 'csharp', label: 'C#', highlight: 'csharp', file: 'WebhookVerifier.cs' },
]

export async function signatureSamples(dir: string): Promise<SignatureSample[]> {
  return Promise.all(
    sampleFiles.map(async (sample) => {
      const code = (await readFile(path.join(dir, sample.file), 'utf8')).trimEnd()
      return { ...sample, code, tokens: codeTokens(code, sample.highlight) }
    }),
  )
}
