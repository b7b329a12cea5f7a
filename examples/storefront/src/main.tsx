import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { StoreProvider } from './store'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('No #root element')
createRoot(root).render(
  <StrictMode>
    {import.meta.env.VITE_STOREFRONT_TOKEN ? (
      <StoreProvider>
        <App />
      </StoreProvider>
    ) : (
      <main className="setup">
        <h1>No storefront token</h1>
        <p>
          Start the local server (<code>npm start</code>) before this storefront, or set{' '}
          <code>VITE_STOREFRONT_TOKEN</code> to the shop's storefront token, then restart <code>npm run dev</code>.
        </p>
      </main>
    )}
  </StrictMode>,
)
