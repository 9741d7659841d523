/**
 * Mounts the host protocol (connectHost) for the app instance it is rendered in. When `origin=` is not a bare
 * origin the embed fails closed: no listener, no messages, and this says why, in the embed itself.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useAppApi } from '../ui/store/useApp';
import { parseUrlOptions } from '../app/urlOptions';
import { connectHost } from './connectHost';

export function EmbedBridge() {
  const api = useAppApi();
  const t = useT();
  const tRef = useRef(t);
  const [originError] = useState(() => parseUrlOptions(window.location.search).originError);
  useEffect(() => {
    tRef.current = t;
  }, [t]);
  useEffect(() => connectHost(api, () => tRef.current), [api]);
  if (originError === undefined) return null;
  return (
    <div className="notice" role="alert" data-testid="embed-origin-error">
      {t('embed.originError', { value: originError })}
    </div>
  );
}
