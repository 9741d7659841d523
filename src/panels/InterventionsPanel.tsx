/**
 * Interventions (docs/CONTRACTS.md §1): what a user or a fault does at the current step. Each one forks the run
 * just after the step on screen — the engine resumes from a checkpoint with the action inserted — and the fork
 * becomes the current branch; BranchBar switches back.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { UserAction } from '../engine/api';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { interventionTargets } from '../playback/interventionTargets';
import { tokenize } from '../engine/kubectl/tokenize';
import './troubleshoot.css';

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

export function InterventionsPanel() {
  const t = useT();
  const api = useAppApi();
  const { session, world, cursor } = useCurrent();
  const { forking, yaml, shown } = useApp(
    useShallow((s) => ({ forking: s.forking, yaml: s.yaml, shown: s.inspector === 'intervene' })),
  );
  const targets = useMemo(
    () => (shown && session && world ? interventionTargets(world, session.run.cluster) : undefined),
    [shown, session, world],
  );
  const [pod, setPod] = useState('');
  const [execCommand, setExecCommand] = useState('ps');
  const [deployment, setDeployment] = useState('');
  const [replicas, setReplicas] = useState(3);
  const [image, setImage] = useState('');
  const [node, setNode] = useState('');
  const [taintKey, setTaintKey] = useState('dedicated');
  const [taintValue, setTaintValue] = useState('infra');
  const [effect, setEffect] = useState<(typeof EFFECTS)[number]>('NoSchedule');
  const [component, setComponent] = useState('');

  if (!session || !world || !targets) return <p className="panel-empty">{t('panel.noRun')}</p>;
  const pick = (value: string, options: string[]) => (options.includes(value) ? value : (options[0] ?? ''));
  const podName = pick(pod, targets.pods);
  const deploy = targets.deployments.find((d) => d.name === deployment) ?? targets.deployments[0];
  const nodeName = pick(node, targets.nodes);
  const comp = targets.components.find((c) => c.id === component) ?? targets.components[0];
  const go = (action: UserAction) => void api.getState().intervene(action);
  const disabled = forking;

  return (
    <div data-testid="interventions" className="intervene">
      <p className="intervene__intro">{t('intervene.intro', { n: cursor + 1 })}</p>
      {forking && (
        <p className="intervene__busy" role="status">
          <span className="spinner" aria-hidden="true" /> {t('intervene.forking')}
        </p>
      )}

      <Group title={t('intervene.pods')}>
        <label>
          {t('intervene.pod')}
          <select data-testid="intervene-pod" value={podName} onChange={(e) => setPod(e.target.value)}>
            {targets.pods.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-delete-pod"
          disabled={disabled || !podName}
          onClick={() => go({ type: 'delete-pod', name: podName })}
        >
          {t('intervene.deletePod')}
        </button>
        <span className="intervene__row">
          <label>
            {t('intervene.execCommand')}
            <input
              type="text"
              value={execCommand}
              size={18}
              spellCheck={false}
              data-testid="intervene-exec-command"
              onChange={(e) => setExecCommand(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="btn btn--small"
            data-testid="intervene-exec"
            disabled={disabled || !podName || tokenize(execCommand).length === 0}
            title={`kubectl exec ${podName} -- ${execCommand}`}
            onClick={() => go({ type: 'exec', pod: podName, command: tokenize(execCommand).slice(0, 100) })}
          >
            {t('intervene.exec')}
          </button>
        </span>
      </Group>

      <Group title={t('intervene.deployments')}>
        <label>
          {t('intervene.deployment')}
          <select
            data-testid="intervene-deployment"
            value={deploy?.name ?? ''}
            onChange={(e) => setDeployment(e.target.value)}
          >
            {targets.deployments.map((d) => (
              <option key={d.name}>{d.name}</option>
            ))}
          </select>
        </label>
        <label>
          {t('intervene.replicas')}
          <input
            type="number"
            min={0}
            max={20}
            value={replicas}
            data-testid="intervene-replicas"
            onChange={(e) => setReplicas(Math.max(0, Math.min(20, Number(e.target.value) || 0)))}
          />
        </label>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-scale"
          disabled={disabled || !deploy}
          onClick={() => deploy && go({ type: 'scale', kind: 'Deployment', name: deploy.name, replicas })}
        >
          {t('intervene.scale')}
        </button>
        <label>
          {t('intervene.image', { container: deploy?.containers[0]?.name ?? '' })}
          <input
            type="text"
            value={image || deploy?.containers[0]?.image || ''}
            data-testid="intervene-image"
            spellCheck={false}
            onChange={(e) => setImage(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-set-image"
          disabled={disabled || !deploy?.containers[0]}
          onClick={() =>
            deploy?.containers[0] &&
            go({
              type: 'set-image',
              deployment: deploy.name,
              container: deploy.containers[0].name,
              image: image || deploy.containers[0].image,
            })
          }
        >
          {t('intervene.setImage')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-undo"
          disabled={disabled || !deploy}
          onClick={() => deploy && go({ type: 'rollout-undo', deployment: deploy.name })}
        >
          {t('intervene.undo')}
        </button>
      </Group>

      <Group title={t('intervene.nodes')}>
        <label>
          {t('intervene.node')}
          <select data-testid="intervene-node" value={nodeName} onChange={(e) => setNode(e.target.value)}>
            {targets.nodes.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-cordon"
          disabled={disabled}
          onClick={() => go({ type: 'cordon', node: nodeName })}
        >
          {t('intervene.cordon')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-uncordon"
          disabled={disabled}
          onClick={() => go({ type: 'uncordon', node: nodeName })}
        >
          {t('intervene.uncordon')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-drain"
          disabled={disabled}
          title={`kubectl drain ${nodeName} --ignore-daemonsets`}
          onClick={() => go({ type: 'drain', node: nodeName, ignoreDaemonSets: true })}
        >
          {t('intervene.drain')}
        </button>
        <span className="intervene__row">
          <input
            type="text"
            aria-label={t('intervene.taintKey')}
            value={taintKey}
            size={10}
            onChange={(e) => setTaintKey(e.target.value.trim())}
          />
          =
          <input
            type="text"
            aria-label={t('intervene.taintValue')}
            value={taintValue}
            size={8}
            onChange={(e) => setTaintValue(e.target.value.trim())}
          />
          :
          <select
            aria-label={t('intervene.taintEffect')}
            value={effect}
            onChange={(e) => setEffect(e.target.value as (typeof EFFECTS)[number])}
          >
            {EFFECTS.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn--small"
            data-testid="intervene-taint"
            disabled={disabled || !taintKey}
            onClick={() => go({ type: 'taint', node: nodeName, key: taintKey, value: taintValue || undefined, effect })}
          >
            {t('intervene.taint')}
          </button>
        </span>
      </Group>

      <Group title={t('intervene.components')}>
        <label>
          {t('intervene.component')}
          <select
            data-testid="intervene-component"
            value={comp?.id ?? ''}
            onChange={(e) => setComponent(e.target.value)}
          >
            {targets.components.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-stop"
          disabled={disabled || !comp}
          onClick={() => comp && go({ type: 'stop', ...comp.target })}
        >
          {t('intervene.stop')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-start"
          disabled={disabled || !comp}
          onClick={() => comp && go({ type: 'start', ...comp.target })}
        >
          {t('intervene.start')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-registry-down"
          disabled={disabled}
          onClick={() => go({ type: 'registry', reachable: false })}
        >
          {t('intervene.registryDown')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-registry-up"
          disabled={disabled}
          onClick={() => go({ type: 'registry', reachable: true })}
        >
          {t('intervene.registryUp')}
        </button>
      </Group>

      <Group title={t('intervene.manifest')}>
        <p className="intervene__hint">{t('intervene.reapplyHint')}</p>
        <button
          type="button"
          className="btn btn--small"
          data-testid="intervene-reapply"
          disabled={disabled || !yaml.trim()}
          onClick={() => go({ type: 'apply', yaml })}
        >
          {t('intervene.reapply')}
        </button>
      </Group>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="intervene__group">
      <legend>{title}</legend>
      <div className="intervene__controls">{children}</div>
    </fieldset>
  );
}
