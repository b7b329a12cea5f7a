import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { ConnectionHelp } from './components/ConnectionHelp'
import { ConnectionProblem, connect } from './connection'
import { StoreProvider } from './store'
import './styles.css'

const element = document.getElementById('root')
if (!element) throw new Error('No #root element')
const root = createRoot(element)
root.render(
  <main className="setup">
    <p aria-busy="true">Connecting to the shop…</p>
  </main>,
)
// The shop renders once its API answered; otherwise the page says what was tried and what to do.
connect().then(
  (shop) =>
    root.render(
      <StrictMode>
        <StoreProvider shop={shop}>
          <App />
        </StoreProvider>
      </StrictMode>,
    ),
  (reason: unknown) => {
    const problem =
      reason instanceof ConnectionProblem
        ? reason
        : new ConnectionProblem('The shop could not be loaded', undefined, String(reason), 'Reload this page.')
    root.render(
      <StrictMode>
        <ConnectionHelp problem={problem} />
      </StrictMode>,
    )
  },
)
