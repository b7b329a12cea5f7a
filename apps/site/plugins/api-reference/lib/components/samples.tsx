import { renderToStaticMarkup } from 'react-dom/server'
import { type CodeSample, codeSamples } from '../samples/index.ts'
import { defaultLanguage, referenceLanguages } from '../samples/languages.ts'
import type { SampleRequest } from '../samples/request.ts'
import type { OtherSamples } from '../samples-file.ts'
import { Highlighted } from './code-block.tsx'

/** One language's sample block: label, copy button, highlighted code. */
function SampleBlock({ sample }: { sample: CodeSample }) {
  return (
    <div className="fsr-sample" data-lang={sample.language}>
      <div className="fsr-sh">
        <span>{sample.label}</span>
        <button type="button" className="fsr-copy" aria-label={`Copy the ${sample.label} sample`}>
          Copy
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region keyboards must reach */}
      <pre className="fsr-code" tabIndex={0}>
        <code>
          <Highlighted source={sample.code} language={sample.grammar} />
        </code>
      </pre>
    </div>
  )
}

/**
 * The code samples of an operation: the language buttons (the inline language script and
 * behaviours.ts show the chosen one), the default language's sample and the "Try it" button. The
 * other languages' samples are not in the page (decision 0053): they are in the page's samples file
 * (`otherSamples`), which behaviours.ts fetches when a reader picks another language.
 */
export function Samples({ request, operationId }: { request: SampleRequest; operationId: string }) {
  const shown = codeSamples(request).filter((sample) => sample.language === defaultLanguage)
  return (
    <>
      <div className="fsr-samples">
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, styled as such */}
        <div className="fsr-langs" role="group" aria-label="Sample language">
          {referenceLanguages.map((language) => (
            <button
              key={language.id}
              type="button"
              data-lang={language.id}
              aria-pressed={language.id === defaultLanguage ? 'true' : 'false'}
            >
              {language.label}
            </button>
          ))}
        </div>
        {shown.map((sample) => (
          <SampleBlock key={sample.language} sample={sample} />
        ))}
      </div>
      <button type="button" className="fsr-try" data-op={operationId}>
        Try it
      </button>
    </>
  )
}

/** The markup of every operation's samples in the languages other than the default one. */
export function otherSamples(requests: ReadonlyMap<string, SampleRequest>): OtherSamples {
  const out: OtherSamples = {}
  for (const [operationId, request] of requests) {
    const languages: Record<string, string> = {}
    for (const sample of codeSamples(request)) {
      if (sample.language === defaultLanguage) continue
      languages[sample.language] = renderToStaticMarkup(<SampleBlock sample={sample} />)
    }
    out[operationId] = languages
  }
  return out
}
