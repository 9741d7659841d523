import '@fontsource-variable/inter/wght.css';
import './app/styles/tokens.css';
import './app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PodysseyApp } from './app/PodysseyApp';
import { EmbedBridge } from './embed/EmbedBridge';

/** Framed (a course page used index.html instead of embed.html): behave as the embed does. */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // cross-origin parent
  }
}
const framed = isFramed();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <PodysseyApp search={window.location.search} hash={window.location.hash} embed={framed}>
      {framed && <EmbedBridge />}
    </PodysseyApp>
  </StrictMode>,
);
