import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { currentLanguage } from './i18n/language'

document.documentElement.lang = currentLanguage() === 'zh' ? 'zh-CN' : 'en'
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
