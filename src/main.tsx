import '@fontsource-variable/inter/wght.css';
import './app/styles/tokens.css';
import './app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PodysseyApp } from './app/PodysseyApp';
import { EmbedBridge } from './embed/EmbedBridge';
import { consumeStaleAddress } from './app/share/staleAddress';

/** Framed (a course page used index.html instead of embed.html): behave as the embed does. */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // cross-origin parent
  }
}
const framed = isFramed();
// A reload right after a keystroke: the address was behind the draft (see staleAddress.ts).
const start = framed
  ? { search: window.location.search, hash: window.location.hash }
  : consumeStaleAddress(window.location);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <PodysseyApp search={start.search} hash={start.hash} embed={framed}>
      {framed && <EmbedBridge />}
    </PodysseyApp>
  </StrictMode>,
);
