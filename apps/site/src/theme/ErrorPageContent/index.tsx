import Head from '@docusaurus/Head'
import Translate from '@docusaurus/Translate'
import { ErrorBoundaryError, ErrorBoundaryTryAgainButton } from '@docusaurus/theme-common'
import type { Props } from '@theme/Error'
import Heading from '@theme/Heading'
import type { ReactNode } from 'react'

/** Shown inside the site layout when a page throws while rendering. */
export default function ErrorPageContent({ error, tryAgain }: Props): ReactNode {
  return (
    <main className="container margin-vert--xl" id="__docusaurus_skipToContent_fallback">
      <Head>
        <title>Page Error</title>
        <meta name="robots" content="noindex" />
      </Head>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            <Translate
              id="theme.ErrorPageContent.title"
              description="The title of the fallback page when the page crashed"
            >
              This page crashed.
            </Translate>
          </Heading>
          <div className="margin-vert--lg">
            <ErrorBoundaryTryAgainButton onClick={tryAgain} className="button button--primary shadow--lw" />
          </div>
          <hr />
          <div className="margin-vert--md" role="alert">
            <ErrorBoundaryError error={error} />
          </div>
        </div>
      </div>
    </main>
  )
}
