/** embed.html: the app as an embed (compact chrome, no drafts, the docs/CONTRACTS.md §9 host protocol). */
import '@fontsource-variable/inter/wght.css';
import '../app/styles/tokens.css';
import '../app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PodysseyApp } from '../app/PodysseyApp';
import { EmbedBridge } from './EmbedBridge';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <PodysseyApp search={window.location.search} hash={window.location.hash} embed>
      <EmbedBridge />
    </PodysseyApp>
  </StrictMode>,
);
