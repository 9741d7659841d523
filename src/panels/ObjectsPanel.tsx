/**
 * Objects: the ownership tree (Deployment → ReplicaSet → Pods, Service → EndpointSlice) and, for the selected
 * object, its spec next to its status, as `kubectl get -o yaml` would print them, as of the current step.
 */
import { useMemo } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { toYaml } from '../engine/kubectl/yamlOutput';
import { writesAt } from '../playback/etcdView';
import { ownershipTree, type TreeNode } from '../playback/ownershipTree';

export function ObjectsPanel() {
  const t = useT();
  const api = useAppApi();
  const { session, world, cursor } = useCurrent();
  const selected = useApp((s) => s.selectedKey);
  const tree = useMemo(() => (world ? ownershipTree(world) : []), [world]);
  const changed = useMemo(
    () => new Set(session && cursor >= 0 ? writesAt(session.run.history, cursor).map((h) => h.key) : []),
    [session, cursor],
  );
  if (!world) return <p className="panel-empty">{t('panel.noRun')}</p>;
  const key = selected && world.etcd.has(selected) ? selected : tree[0]?.key;
  const obj = key ? world.etcd.get(key) : undefined;
  const renderNode = (n: TreeNode, depth: number) => (
    <li key={n.key}>
      <button
        type="button"
        className={`tree__item${n.key === key ? ' is-selected' : ''}${changed.has(n.key) ? ' is-changed' : ''}`}
        style={{ paddingLeft: 8 + depth * 14 }}
        aria-current={n.key === key ? 'true' : undefined}
        onClick={() => api.getState().select(n.key)}
      >
        <span className="tree__kind">{n.kind}</span> <span className="tree__name">{n.name}</span>
      </button>
      {n.children.length > 0 && <ul>{n.children.map((c) => renderNode(c, depth + 1))}</ul>}
    </li>
  );
  return (
    <div className="objects">
      <nav className="objects__tree" aria-label={t('panel.objects.tree')}>
        <ul className="tree">{tree.map((n) => renderNode(n, 0))}</ul>
      </nav>
      {obj ? (
        <div className="objects__detail">
          <div className="objects__title">
            <strong>
              {obj.kind}/{obj.metadata.name}
            </strong>
            <span className="muted"> resourceVersion {obj.metadata.resourceVersion ?? '—'}</span>
            {key && changed.has(key) && <span className="tag tag--changed">{t('panel.objects.changed')}</span>}
          </div>
          <div className="objects__cols">
            <figure>
              <figcaption>{t('panel.objects.spec')}</figcaption>
              <pre className="code">{specOf(obj)}</pre>
            </figure>
            <figure>
              <figcaption>{t('panel.objects.status')}</figcaption>
              <pre className="code">
                {obj.status && Object.keys(obj.status).length ? toYaml(obj.status) : t('panel.objects.noStatus')}
              </pre>
            </figure>
          </div>
        </div>
      ) : (
        <p className="panel-empty">{t('panel.objects.none')}</p>
      )}
    </div>
  );
}

/** spec, or for kinds without one (ConfigMap, EndpointSlice) everything except metadata and status. */
function specOf(obj: Record<string, unknown>): string {
  if (obj.spec !== undefined) return toYaml(obj.spec);
  const rest = Object.fromEntries(
    Object.entries(obj).filter(([k]) => !['apiVersion', 'kind', 'metadata', 'status'].includes(k)),
  );
  return toYaml(rest);
}
