/**
 * Workload tables (pkg/printers/internalversion/printers.go): printDeployment, printReplicaSet,
 * printStatefulSet, printDaemonSet, printJob, printCronJob, printHorizontalPodAutoscaler,
 * printPodDisruptionBudget.
 */
import type { KObject } from '../types';
import { humanDuration, translateTimestampSince } from './humanDuration';
import { formatLabels, formatLabelSelector, selectorString } from './labels';
import { ageCell, col, layoutContainerCells, num, printBoolPtr, type TableDef } from './tableDef';

const replicas = (spec: any): number => (typeof spec?.replicas === 'number' ? spec.replicas : 1);

export const deploymentColumns: TableDef = {
  columns: [
    col('Name'),
    col('Ready'),
    col('Up-to-date'),
    col('Available'),
    col('Age'),
    col('Containers', 1),
    col('Images', 1),
    col('Selector', 1),
  ],
  row(d, ctx) {
    const st = d.status ?? {};
    const [names, images] = layoutContainerCells(d.spec?.template?.spec?.containers);
    return [
      d.metadata.name,
      `${num(st.readyReplicas)}/${replicas(d.spec)}`,
      num(st.updatedReplicas),
      num(st.availableReplicas),
      ageCell(d, ctx),
      names,
      images,
      selectorString(d.spec?.selector),
    ];
  },
};

export const replicaSetColumns: TableDef = {
  columns: [
    col('Name'),
    col('Desired'),
    col('Current'),
    col('Ready'),
    col('Age'),
    col('Containers', 1),
    col('Images', 1),
    col('Selector', 1),
  ],
  row(rs, ctx) {
    const st = rs.status ?? {};
    const [names, images] = layoutContainerCells(rs.spec?.template?.spec?.containers);
    return [
      rs.metadata.name,
      replicas(rs.spec),
      num(st.replicas),
      num(st.readyReplicas),
      ageCell(rs, ctx),
      names,
      images,
      formatLabelSelector(rs.spec?.selector),
    ];
  },
};

/** printReplicationController: the ReplicaSet's columns, the selector being a plain label map. */
export const replicationControllerColumns: TableDef = {
  columns: replicaSetColumns.columns,
  row(rc, ctx) {
    const st = rc.status ?? {};
    const [names, images] = layoutContainerCells(rc.spec?.template?.spec?.containers);
    return [
      rc.metadata.name,
      replicas(rc.spec),
      num(st.replicas),
      num(st.readyReplicas),
      ageCell(rc, ctx),
      names,
      images,
      formatLabels(rc.spec?.selector),
    ];
  },
};

/** printControllerRevision: CONTROLLER is the controller reference as `<kind>.<group>/<name>`. */
export const controllerRevisionColumns: TableDef = {
  columns: [col('Name'), col('Controller'), col('Revision'), col('Age')],
  row(cr, ctx) {
    const owner = (cr.metadata.ownerReferences ?? []).find((o: any) => o.controller);
    const group = owner ? String(owner.apiVersion).split('/').slice(0, -1).join('/') : '';
    const controller = owner ? `${owner.kind.toLowerCase()}${group ? `.${group}` : ''}/${owner.name}` : '<none>';
    return [cr.metadata.name, controller, num(cr.revision), ageCell(cr, ctx)];
  },
};

export const statefulSetColumns: TableDef = {
  columns: [col('Name'), col('Ready'), col('Age'), col('Containers', 1), col('Images', 1)],
  row(s, ctx) {
    const [names, images] = layoutContainerCells(s.spec?.template?.spec?.containers);
    return [s.metadata.name, `${num(s.status?.readyReplicas)}/${replicas(s.spec)}`, ageCell(s, ctx), names, images];
  },
};

export const daemonSetColumns: TableDef = {
  columns: [
    col('Name'),
    col('Desired'),
    col('Current'),
    col('Ready'),
    col('Up-to-date'),
    col('Available'),
    col('Node Selector'),
    col('Age'),
    col('Containers', 1),
    col('Images', 1),
    col('Selector', 1),
  ],
  row(ds, ctx) {
    const st = ds.status ?? {};
    const [names, images] = layoutContainerCells(ds.spec?.template?.spec?.containers);
    return [
      ds.metadata.name,
      num(st.desiredNumberScheduled),
      num(st.currentNumberScheduled),
      num(st.numberReady),
      num(st.updatedNumberScheduled),
      num(st.numberAvailable),
      formatLabels(ds.spec?.template?.spec?.nodeSelector),
      ageCell(ds, ctx),
      names,
      images,
      formatLabelSelector(ds.spec?.selector),
    ];
  },
};

function jobCondition(job: KObject, type: string): boolean {
  const c = (job.status?.conditions ?? []).find((x: any) => x.type === type);
  return c ? c.status === 'True' : false;
}

export const jobColumns: TableDef = {
  columns: [
    col('Name'),
    col('Status'),
    col('Completions'),
    col('Duration'),
    col('Age'),
    col('Containers', 1),
    col('Images', 1),
    col('Selector', 1),
  ],
  row(job, ctx) {
    const spec = job.spec ?? {};
    const st = job.status ?? {};
    let completions: string;
    if (typeof spec.completions === 'number') {
      completions = `${num(st.succeeded)}/${spec.completions}`;
    } else {
      const parallelism = num(spec.parallelism);
      completions = parallelism > 1 ? `${num(st.succeeded)}/1 of ${parallelism}` : `${num(st.succeeded)}/1`;
    }
    let duration = '';
    if (typeof st.startTime === 'number') {
      // Go subtracts the two metav1.Times, both truncated to whole seconds on the wire.
      const start = Math.floor(st.startTime / 1000) * 1000;
      duration =
        typeof st.completionTime === 'number'
          ? humanDuration(Math.floor(st.completionTime / 1000) * 1000 - start)
          : translateTimestampSince(st.startTime, ctx.now);
    }
    let status = 'Running';
    if (jobCondition(job, 'Complete')) status = 'Complete';
    else if (jobCondition(job, 'Failed')) status = 'Failed';
    else if (job.metadata.deletionTimestamp !== undefined && job.metadata.deletionTimestamp !== null)
      status = 'Terminating';
    else if (jobCondition(job, 'Suspended')) status = 'Suspended';
    else if (jobCondition(job, 'FailureTarget')) status = 'FailureTarget';
    // kubernetes/kubernetes#132832 (v1.34): a Job whose success policy is met but is still terminating pods.
    else if (jobCondition(job, 'SuccessCriteriaMet')) status = 'SuccessCriteriaMet';
    const [names, images] = layoutContainerCells(spec.template?.spec?.containers);
    return [
      job.metadata.name,
      status,
      completions,
      duration,
      ageCell(job, ctx),
      names,
      images,
      formatLabelSelector(spec.selector),
    ];
  },
};

export const cronJobColumns: TableDef = {
  columns: [
    col('Name'),
    col('Schedule'),
    col('Timezone'),
    col('Suspend'),
    col('Active'),
    col('Last Schedule'),
    col('Age'),
    col('Containers', 1),
    col('Images', 1),
    col('Selector', 1),
  ],
  row(cj, ctx) {
    const spec = cj.spec ?? {};
    const st = cj.status ?? {};
    const last =
      typeof st.lastScheduleTime === 'number' ? translateTimestampSince(st.lastScheduleTime, ctx.now) : '<none>';
    const [names, images] = layoutContainerCells(spec.jobTemplate?.spec?.template?.spec?.containers);
    return [
      cj.metadata.name,
      spec.schedule ?? '',
      spec.timeZone ?? '<none>',
      printBoolPtr(spec.suspend),
      (st.active ?? []).length,
      last,
      ageCell(cj, ctx),
      names,
      images,
      formatLabelSelector(spec.jobTemplate?.spec?.selector),
    ];
  },
};

/** formatHPAMetrics, for the common Resource-utilization metrics; other metric types print their target only. */
function formatHPAMetrics(specs: any[] | undefined, statuses: any[] | undefined): string {
  const list: string[] = [];
  const all = specs ?? [];
  if (all.length === 0) return '<none>';
  all.forEach((spec, i) => {
    const st = statuses?.[i];
    if (spec.type === 'Resource' && spec.resource) {
      const target = spec.resource.target ?? {};
      if (target.averageValue !== undefined) {
        const current = st?.resource?.current?.averageValue ?? '<unknown>';
        list.push(`${spec.resource.name}: ${current}/${target.averageValue}`);
      } else {
        const cur = st?.resource?.current?.averageUtilization;
        const current = typeof cur === 'number' ? `${cur}%` : '<unknown>';
        const t = typeof target.averageUtilization === 'number' ? `${target.averageUtilization}%` : '<auto>';
        list.push(`${spec.resource.name}: ${current}/${t}`);
      }
    } else {
      list.push('<unknown type>');
    }
  });
  const max = 2;
  if (list.length > max) return `${list.slice(0, max).join(', ')} + ${list.length - max} more...`;
  return list.join(', ');
}

export const hpaColumns: TableDef = {
  columns: [col('Name'), col('Reference'), col('Targets'), col('MinPods'), col('MaxPods'), col('Replicas'), col('Age')],
  row(h, ctx) {
    const spec = h.spec ?? {};
    const ref = spec.scaleTargetRef ?? {};
    return [
      h.metadata.name,
      `${ref.kind ?? ''}/${ref.name ?? ''}`,
      formatHPAMetrics(spec.metrics, h.status?.currentMetrics),
      typeof spec.minReplicas === 'number' ? String(spec.minReplicas) : '<unset>',
      num(spec.maxReplicas),
      num(h.status?.currentReplicas),
      ageCell(h, ctx),
    ];
  },
};

export const pdbColumns: TableDef = {
  columns: [col('Name'), col('Min Available'), col('Max Unavailable'), col('Allowed Disruptions'), col('Age')],
  row(p, ctx) {
    const spec = p.spec ?? {};
    return [
      p.metadata.name,
      spec.minAvailable !== undefined ? String(spec.minAvailable) : 'N/A',
      spec.maxUnavailable !== undefined ? String(spec.maxUnavailable) : 'N/A',
      num(p.status?.disruptionsAllowed),
      ageCell(p, ctx),
    ];
  },
};

/** printPodTemplate: the template's containers, images and Pod labels. */
export const podTemplateColumns: TableDef = {
  columns: [col('Name'), col('Containers'), col('Images'), col('Pod Labels')],
  row(pt) {
    const [names, images] = layoutContainerCells(pt.template?.spec?.containers);
    return [pt.metadata.name, names, images, formatLabels(pt.template?.metadata?.labels)];
  },
};
