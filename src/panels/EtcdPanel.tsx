/**
 * etcd browser (docs/CONTRACTS.md §7 hook `etcd`): the keys under /registry after the current step, those this step wrote
 * highlighted, and the selected key's value as YAML with its revision.
 */
import { useMemo, useState } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useCurrent } from '../ui/store/useCurrent';
import { toYaml } from '../engine/kubectl/yamlOutput';
import { etcdRows } from '../playback/etcdView';

export function EtcdPanel() {
  const t = useT();
  const { session, world, cursor } = useCurrent();
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const rows = useMemo(
    () => (session && world ? etcdRows(session.run, world, cursor, filter) : []),
    [session, world, cursor, filter],
  );
  if (!world) {
    return (
      <div data-testid="etcd" className="etcd">
        <p className="panel-empty">{t('panel.noRun')}</p>
      </div>
    );
  }
  // Follow the step: show what it wrote unless the learner picked a key themselves.
  const key =
    picked && rows.some((r) => r.key === picked) ? picked : (rows.find((r) => r.changed && !r.deleted)?.key ?? picked);
  const value = key ? world.etcd.get(key) : undefined;
  return (
    <div data-testid="etcd" className="etcd">
      <div className="etcd__keys">
        <div className="etcd__toolbar">
          <input
            type="search"
            value={filter}
            placeholder={t('panel.etcd.filter')}
            aria-label={t('panel.etcd.filter')}
            onChange={(e) => setFilter(e.target.value)}
          />
          <span className="muted">{t('panel.etcd.revision', { revision: world.revision })}</span>
        </div>
        <ul className="keylist" aria-label={t('panel.etcd.keys')}>
          {rows.map((r) => (
            <li key={r.key}>
              <button
                type="button"
                className={`keylist__item${r.key === key ? ' is-selected' : ''}${r.changed ? ' is-changed' : ''}${r.deleted ? ' is-deleted' : ''}`}
                onClick={() => setPicked(r.key)}
                title={r.changed ? t('panel.etcd.changedHere') : undefined}
              >
                {r.key}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="etcd__value">
        {key ? (
          <>
            <div className="objects__title">
              <code>{key}</code>
              {value?.metadata?.resourceVersion && (
                <span className="muted"> mod_revision {value.metadata.resourceVersion}</span>
              )}
              {rows.find((r) => r.key === key)?.changed && (
                <span className="tag tag--changed">{t('panel.etcd.changedHere')}</span>
              )}
            </div>
            <pre className="code">{value ? toYaml(value) : t('panel.etcd.deleted')}</pre>
          </>
        ) : (
          <p className="panel-empty">{t('panel.etcd.select')}</p>
        )}
      </div>
    </div>
  );
}
