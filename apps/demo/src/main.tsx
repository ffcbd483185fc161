import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.js'
import { porticoConfig } from './portico-config.js'
import './demo.css'

// The page's colours before React renders, so a remembered or system light theme does not flash dark first.
document.documentElement.dataset.theme = porticoConfig.themeMode ?? 'dark'

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
