import { curlSample } from './curl.ts'
import { goSample } from './go.ts'
import { javaSample } from './java.ts'
import { javascriptSample } from './javascript.ts'
import { referenceLanguages } from './languages.ts'
import { phpSample } from './php.ts'
import { pythonSample } from './python.ts'
import type { SampleRequest } from './request.ts'
import { rubySample } from './ruby.ts'
import { sdkSample } from './sdk.ts'

export type { SampleRequest } from './request.ts'

const generators: Record<string, (request: SampleRequest) => string> = {
  curl: curlSample,
  javascript: javascriptSample,
  typescript: sdkSample,
  python: pythonSample,
  go: goSample,
  php: phpSample,
  ruby: rubySample,
  java: javaSample,
}

export interface CodeSample {
  language: string
  label: string
  code: string
  /** Prism grammar the sample is highlighted with (components/code-block.tsx). */
  grammar: string
}

/** One sample per reference language, in switcher order. */
export function codeSamples(request: SampleRequest): CodeSample[] {
  return referenceLanguages.map((language) => {
    const generate = generators[language.id]
    if (!generate) throw new Error(`No sample generator for ${language.id}`)
    const source = generate(request)
    return { language: language.id, label: language.label, code: source, grammar: language.grammar }
  })
}
