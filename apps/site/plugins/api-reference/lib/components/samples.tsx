import { codeSamples } from '../samples/index.ts'
import { referenceLanguages } from '../samples/languages.ts'
import type { SampleRequest } from '../samples/request.ts'
import { Highlighted } from './code-block.tsx'

/**
 * The code samples of an operation, one per reference language, with the language buttons (the
 * inline language script and behaviours.ts show the chosen one) and the "Try it" button.
 */
export function Samples({ request, operationId }: { request: SampleRequest; operationId: string }) {
  return (
    <>
      <div className="fsr-samples">
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, styled as such */}
        <div className="fsr-langs" role="group" aria-label="Sample language">
          {referenceLanguages.map((language, index) => (
            <button
              key={language.id}
              type="button"
              data-lang={language.id}
              aria-pressed={index === 0 ? 'true' : 'false'}
            >
              {language.label}
            </button>
          ))}
        </div>
        {codeSamples(request).map((sample) => (
          <div key={sample.language} className="fsr-sample" data-lang={sample.language}>
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
        ))}
      </div>
      <button type="button" className="fsr-try" data-op={operationId}>
        Try it
      </button>
    </>
  )
}
