/** Mounts the host protocol (connectHost) for the app instance it is rendered in; renders nothing. */
import { useEffect, useRef } from 'react';
import { useT } from '../app/i18n/translateContext';
import { useAppApi } from '../app/store/useApp';
import { connectHost } from './connectHost';

export function EmbedBridge() {
  const api = useAppApi();
  const t = useT();
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);
  useEffect(() => connectHost(api, () => tRef.current), [api]);
  return null;
}
