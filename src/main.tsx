import '@fontsource-variable/inter/wght.css';
import './app/styles/tokens.css';
import './app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PodysseyApp } from './app/PodysseyApp';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <PodysseyApp search={window.location.search} />
  </StrictMode>,
);
