// SPEC's default font, shipped with the app (weights 100-900 in one variable file per script subset).
import '@fontsource-variable/inter/wght.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ThemeProvider } from './hooks/use-theme';
import './index.css';

/** Registers the background worker at /sw.js; a failure is only logged (SPEC section 2). */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing the #root element');

createRoot(rootElement).render(
  <StrictMode>
    {/* SPEC: the outer wrapper defaults to the system theme; the inner provider in App defaults to dark. */}
    <ThemeProvider defaultTheme="system">
      <App />
    </ThemeProvider>
  </StrictMode>,
);

registerServiceWorker();
