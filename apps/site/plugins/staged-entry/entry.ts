/**
 * The browser entry of the docs site (see ./index.ts). It evaluates what Docusaurus' entry evaluates,
 * one group of modules per task, so that a phone can paint and answer input in between; the last
 * stage is Docusaurus' own entry, which finds every module already evaluated and hydrates the page
 * as before. `webpackMode: "eager"` keeps each module in `main.js` (no request is added): only when
 * it runs changes. Each stage takes under ~65 ms at 4× CPU throttling (decision 0055); keep it so
 * when adding one.
 */
import type preloadRoute from '@docusaurus/core/lib/client/preload.js'
import { runInStages, type Stage } from './stages.ts'

const stages: Stage[] = [
  // React and React DOM: the largest single piece of main.js.
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () =>
    Promise.all([
      import(/* webpackMode: "eager" */ 'react-router-dom'),
      import(/* webpackMode: "eager" */ 'react-helmet-async'),
    ]),
  // The route table, then start loading this page's route chunks, so that they download while the
  // rest is evaluated (Docusaurus' entry did this last). Matched as Docusaurus' entry does: its own
  // call later gets the same cached promises. A chunk that fails is reported where it always was,
  // by the entry's call, and the page is then not hydrated.
  () => import(/* webpackMode: "eager" */ '@generated/routes'),
  async () => {
    const { default: preload }: { default: typeof preloadRoute } = await import(
      /* webpackMode: "eager" */ '@docusaurus/core/lib/client/preload.js'
    )
    preload(window.location.pathname).catch(() => undefined)
  },
  // The site's and the themes' client modules (color mode, announcement bar, our reader context, …).
  () => import(/* webpackMode: "eager" */ '@generated/client-modules'),
  // window.docusaurus (the prefetch and preload helpers).
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/docusaurus.js'),
  // The theme's shell, then the app around the routes.
  () =>
    Promise.all([
      import(/* webpackMode: "eager" */ '@theme/Root'),
      import(/* webpackMode: "eager" */ '@theme/ThemeProvider'),
      import(/* webpackMode: "eager" */ '@theme/SiteMetadata'),
    ]),
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App.js'),
  // Docusaurus' entry: waits for the route chunks and hydrates. The query keeps ./index.ts's
  // replacement from matching this import.
  // @ts-expect-error a module request with a query has no type declarations.
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry.js?staged'),
]

if (typeof window !== 'undefined') void runInStages(stages)
