/**
 * The real kubectl v1.34 as oracle: `npm run serve`'s server, in process on a free port, driven by the
 * real binary (scripts/kubectl-oracle.mjs provides it). Each output is compared with what a real v1.34 cluster
 * prints for the same commands (ages, timestamps and generated names normalised), and `get` with the app panel's
 * answer (answerKubectl) on the same world. Skipped, with the reason, when no v1.34 kubectl can be provided.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideKubectl } from '../scripts/kubectl-oracle.mjs';
import { kubeconfigText } from '../server/kubeconfig';
import { startServer, type RunningServer } from '../server/createServer';
import { answerKubectl } from '../src/engine/kubectl/kubectlCommand';
import { CRONTAB_CRD } from '../src/scenarios/crdScenarios';

const oracle: { path?: string; version?: string; reason?: string } = provideKubectl();
if (!oracle.path) console.warn(`oracle.test.ts skipped: ${oracle.reason}`);

const MANIFEST = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
    targetPort: 80
`;

const run = promisify(execFile);

/** Ages (`5s`, `2m3s`, `<invalid>`), dates and generated name suffixes replaced; table cells split on 2+ spaces. */
function normalise(text: string): string {
  return text
    .replace(/^(CreationTimestamp:\s+).*$/gm, '$1<time>')
    .replace(/web-[a-z0-9]{8,10}-[a-z0-9]{5}\b/g, 'web-<rs>-<pod>')
    .replace(/web-[a-z0-9]{8,10}\b/g, 'web-<rs>')
    .replace(/10\.244\.\d+\.\d+/g, '<pod-ip>')
    .replace(/(?<=\s|^)(\d+[smhdy])+(?=\s|$)|<invalid>/g, '<age>')
    .split('\n')
    .map((l) => l.trimEnd().split(/ {2,}/).join(' | '))
    .join('\n')
    .trim();
}

describe.skipIf(!oracle.path)('the real kubectl v1.34 against npm run serve', () => {
  let server: RunningServer;
  let dir: string;
  let manifest: string;
  const kubectl = async (...args: string[]) => {
    const env = { ...process.env, KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir, KUBECACHEDIR: join(dir, 'cache') };
    try {
      const { stdout, stderr } = await run(oracle.path!, args, { env, timeout: 60_000 });
      return { stdout, stderr, code: 0 };
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; code?: number };
      return { stdout: err.stdout ?? '', stderr: err.stderr ?? '', code: err.code ?? 1 };
    }
  };
  const panel = (command: string) => answerKubectl(command, server.engine.currentWorld()).output;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podyssey-oracle-'));
    // 20 virtual seconds per wall second: the Pods pull and start within a wall second or two.
    server = await startServer({ port: 0, speed: 20 });
    writeFileSync(join(dir, 'kubeconfig'), kubeconfigText(server.url));
    manifest = join(dir, 'web.yaml');
    writeFileSync(manifest, MANIFEST);
  });

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('version: the server is v1.34', async () => {
    const { stdout } = await kubectl('version');
    expect(stdout).toBe(`Client Version: ${oracle.version}\nKustomize Version: v5.7.1\nServer Version: v1.34.1\n`);
  });

  it('api-resources: the rows a v1.34 cluster prints for the resources Podyssey serves', async () => {
    const { stdout, code } = await kubectl('api-resources');
    expect(code).toBe(0);
    // The whole table, as the app's kubectl panel prints it (src/engine/kubectl/apiResources.test.ts holds it).
    expect(stdout.trimEnd()).toBe(panel('kubectl api-resources'));
    const rows = stdout.trim().split('\n');
    expect(rows[0].split(/\s+/)).toEqual(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND']);
    const cells = (name: string, apiVersion: string) =>
      rows.find((r) => r.startsWith(`${name} `) && r.includes(` ${apiVersion} `))?.split(/\s+/);
    // As a kind v1.34 cluster lists them.
    expect(cells('pods', 'v1')).toEqual(['pods', 'po', 'v1', 'true', 'Pod']);
    expect(cells('services', 'v1')).toEqual(['services', 'svc', 'v1', 'true', 'Service']);
    expect(cells('namespaces', 'v1')).toEqual(['namespaces', 'ns', 'v1', 'false', 'Namespace']);
    expect(cells('deployments', 'apps/v1')).toEqual(['deployments', 'deploy', 'apps/v1', 'true', 'Deployment']);
    expect(cells('jobs', 'batch/v1')).toEqual(['jobs', 'batch/v1', 'true', 'Job']);
    expect(cells('cronjobs', 'batch/v1')).toEqual(['cronjobs', 'cj', 'batch/v1', 'true', 'CronJob']);
    expect(cells('storageclasses', 'storage.k8s.io/v1')).toEqual([
      'storageclasses',
      'sc',
      'storage.k8s.io/v1',
      'false',
      'StorageClass',
    ]);
    // Core first, then the groups in name order (kubectl sorts them), names sorted within each.
    const order = rows.slice(1).map((r) => r.split(/\s+/)[0]);
    expect(order.indexOf('services')).toBeLessThan(order.indexOf('deployments'));
    expect(order.indexOf('cronjobs')).toBeLessThan(order.indexOf('jobs'));
  });

  it('apply -f creates, and applying again changes nothing', async () => {
    const first = await kubectl('apply', '-f', manifest);
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('deployment.apps/web created\nservice/web created\n');
    const again = await kubectl('apply', '-f', manifest);
    expect(again.stdout).toBe('deployment.apps/web unchanged\nservice/web unchanged\n');
  });

  it('get: the Pods come up, and the columns match a real cluster and the app panel', async () => {
    let ready = '';
    for (let i = 0; i < 60 && ready !== '3'; i++) {
      ready = (await kubectl('get', 'deploy', 'web', '-o', 'jsonpath={.status.readyReplicas}')).stdout;
      if (ready !== '3') await new Promise((r) => setTimeout(r, 250));
    }
    expect(ready).toBe('3');
    const { stdout } = await kubectl('get', 'pods', '-l', 'app=web', '-o', 'wide');
    const row = 'web-<rs>-<pod> | 1/1 | Running | 0 | <age> | <pod-ip> | node-<n> | <none> | <none>';
    expect(normalise(stdout).replace(/node-\d/g, 'node-<n>')).toBe(
      ['NAME | READY | STATUS | RESTARTS | AGE | IP | NODE | NOMINATED NODE | READINESS GATES', row, row, row].join(
        '\n',
      ),
    );
    // Every Pod in default is one of web's, so the panel's `get pods -o wide` is the same table.
    expect(normalise(stdout)).toBe(normalise(panel('kubectl get pods -o wide')));
    const deploy = await kubectl('get', 'deployment', 'web');
    expect(normalise(deploy.stdout)).toBe('NAME | READY | UP-TO-DATE | AVAILABLE | AGE\nweb | 3/3 | 3 | 3 | <age>');
    expect(normalise(deploy.stdout)).toBe(normalise(panel('kubectl get deployment web')));
    const svc = await kubectl('get', 'svc', 'web');
    expect(normalise(svc.stdout)).toBe(normalise(panel('kubectl get svc web')));
  });

  it('get -o jsonpath reads the object', async () => {
    const { stdout } = await kubectl('get', 'deploy', 'web', '-o', 'jsonpath={.spec.replicas}');
    expect(stdout).toBe('3');
  });

  // The panel's answer to each command equals the real kubectl's (stdout then stderr), ages and names normalised.
  // Sources: kubectl/pkg/cmd/get (get.go, sorter.go, customcolumn.go), client-go/util/jsonpath,
  // kubectl/pkg/polymorphichelpers (rollout_status.go, history.go), kubectl/pkg/cmd/apiresources.
  // Not here: `get events --sort-by=.lastTimestamp`. The server shifts virtual times to the wall clock by a fraction
  // of a second, so events that share a second in the panel's RFC 3339 timestamps need not share it on the wire, and
  // sort.Sort (unstable) then orders them differently.
  const SAME_AS_PANEL = [
    ['get', 'pods', '-l', 'app=web', '--show-labels'],
    ['get', 'pods', '-l', 'app!=web'],
    ['get', 'pods', '-l', 'app in (web,db)'],
    ['get', 'pods', '-l', '!app'],
    ['get', 'pods', '--selector', 'app', '-o', 'name'],
    ['get', 'deploy,svc', '--show-labels'],
    ['get', 'pods', '--sort-by=.metadata.creationTimestamp'],
    ['describe', 'deploy', '-l', 'app=web'],
    ['describe', 'deploy', '-l', 'app=nope'],
    ['get', 'pods', '-L', 'app,pod-template-hash', '-L', 'x/nope', '--show-labels'],
    ['get', 'pods,svc', '--no-headers', '-A', '-l', 'app=web'],
    ['get', 'pods', '--no-headers', '-o', 'custom-columns=N:.metadata.name'],
    ['get', 'pods', '-A', '--sort-by=.metadata.name', '--show-labels'],
    ['get', 'pods', '--sort-by=.status.containerStatuses[0].restartCount', '-o', 'wide'],
    ['get', 'pods', '--sort-by', '.metadata.name', '-o', 'name'],
    ['get', 'pods', '--sort-by=.spec.nope'],
    ['get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}'],
    ['get', 'pods', '-o', 'jsonpath={range .items[*]}{.metadata.name}{"\\t"}{.status.podIP}{"\\n"}{end}'],
    ['get', 'pods', '-o', 'jsonpath={.items[*].status.conditions[?(@.type=="Ready")].status}'],
    ['get', 'deploy', 'web', '-o', 'jsonpath={.metadata.labels}'],
    ['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0]}'],
    ['get', 'svc', 'web', '-o', 'jsonpath={.spec.ports[0].port} {.spec.type}'],
    [
      'get',
      'pods',
      '-o',
      'custom-columns=NAME:.metadata.name,IP:.status.podIP,PORTS:.spec.containers[*].ports[*].containerPort',
    ],
    [
      'get',
      'deploy',
      '-o',
      'custom-columns=NAME:metadata.name,REPLICAS:{.spec.replicas},NOPE:.spec.nope,SEL:.spec.selector.matchLabels',
    ],
    ['get', 'pods', '-o', 'custom-columns=NAME'],
    ['rollout', 'status', 'deployment/web'],
    ['rollout', 'status', 'deployment/web', '--watch=false'],
    ['get', 'pods', '--sort-by=.spec.nope', '-o', 'name'],
    ['rollout', 'history', 'deployment/web'],
    ['rollout', 'history', 'deployment/web', '--revision=1'],
    ['rollout', 'history', 'deployment/web', '--revision', '7'],
    ['rollout', 'status', 'deployment', 'nope'],
    ['api-resources'],
    ['gett', 'pods'],
    ['get', 'pods', 'web', '-l', 'app=web'],
    ['get', 'pods', '--sort-by'],
    ['get', 'pods', '-o', 'jsonpath={.items[}'],
    ['rollout', 'history'],
    ['get', 'pods', '--foo'],
    ['get', 'pods', '-l'],
    ['rollout', 'frob', 'deployment/web'],
    ['api-resources', '--namespaced=false'],
    ['api-resources', '--api-group=apps', '-o', 'name'],
  ];

  it.each(SAME_AS_PANEL.map((args) => [args.join(' '), args]))('panel = kubectl: %s', async (_, args) => {
    const real = await kubectl(...(args as string[]));
    const quoted = (args as string[]).map((a) => (/[\s"'!(){}[\]]/.test(a) ? `'${a}'` : a)).join(' ');
    const expected = `${real.stdout}${real.stderr}`.replace(/\n$/, '');
    expect(normalise(panel(`kubectl ${quoted}`))).toBe(normalise(expected));
  });

  it('get of a missing object: the apiserver NotFound text', async () => {
    const { stderr, code } = await kubectl('get', 'pod', 'nope');
    expect(code).toBe(1);
    expect(stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
  });

  it('describe deployment web prints what a real cluster prints', async () => {
    const { stdout } = await kubectl('describe', 'deployment', 'web');
    expect(normalise(stdout)).toBe(
      normalise(`Name:                   web
Namespace:              default
CreationTimestamp:      Thu, 15 Jan 2026 09:00:00 +0000
Labels:                 app=web
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=web
Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=web
  Containers:
   nginx:
    Image:         nginx:1.27
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   web-7c5ddbdf54 (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  12s   deployment-controller  Scaled up replica set web-7c5ddbdf54 from 0 to 3
`),
    );
  });

  it('get --raw /readyz', async () => {
    expect((await kubectl('get', '--raw', '/readyz')).stdout).toBe('ok');
  });

  it('the kinds nothing acts on, the older autoscaling/v1 and the reviews: apply, apply again, get', async () => {
    const file = join(dir, 'kinds.yaml');
    writeFileSync(
      file,
      `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  maxReplicas: 3
  targetCPUUtilizationPercentage: 50
---
apiVersion: authentication.k8s.io/v1
kind: TokenReview
metadata: {name: check}
spec: {token: abc}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {plural: widgets, singular: widget, kind: Widget}
  scope: Namespaced
  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gvisor}
handler: runsc
`,
    );
    const first = await kubectl('apply', '-f', file);
    expect(first.stdout).toBe(
      [
        'horizontalpodautoscaler.autoscaling/web created',
        'tokenreview.authentication.k8s.io/check created',
        'customresourcedefinition.apiextensions.k8s.io/widgets.example.com created',
        'runtimeclass.node.k8s.io/gvisor created',
        '',
      ].join('\n'),
    );
    // The HPA is read back in autoscaling/v1, so nothing differs; a review is never stored, so it is created again.
    const again = await kubectl('apply', '-f', file);
    expect(again.stdout).toBe(
      [
        'horizontalpodautoscaler.autoscaling/web unchanged',
        'tokenreview.authentication.k8s.io/check created',
        'customresourcedefinition.apiextensions.k8s.io/widgets.example.com unchanged',
        'runtimeclass.node.k8s.io/gvisor unchanged',
        '',
      ].join('\n'),
    );
    for (const type of ['hpa', 'crd', 'runtimeclasses', 'cs']) {
      const got = await kubectl('get', type);
      expect(normalise(got.stdout), type).toBe(normalise(panel(`kubectl get ${type}`).replace(/^Warning: .*\n/, '')));
    }
    expect((await kubectl('get', 'cs')).stderr).toBe('Warning: v1 ComponentStatus is deprecated in v1.19+\n');
    const reviews = await kubectl('get', 'tokenreviews');
    expect(reviews.stderr).toBe(
      'Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n',
    );
    await kubectl('delete', '-f', file);
  });

  it('get and describe hpa: an HPA on kind without metrics-server, as the real kubectl prints it', async () => {
    const file = join(dir, 'hpa.yaml');
    writeFileSync(
      file,
      `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 5
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}
`,
    );
    expect((await kubectl('apply', '-f', file)).stdout).toBe('horizontalpodautoscaler.autoscaling/web created\n');
    // The first sync is 15 virtual seconds after the create (under a wall second at this speed).
    let reason = '';
    for (let i = 0; i < 60 && reason !== 'FailedGetResourceMetric'; i++) {
      reason = (await kubectl('get', 'hpa', 'web', '-o', 'jsonpath={.status.conditions[1].reason}')).stdout;
      if (reason !== 'FailedGetResourceMetric') await new Promise((r) => setTimeout(r, 250));
    }
    expect(reason).toBe('FailedGetResourceMetric');
    const got = await kubectl('get', 'hpa');
    expect(normalise(got.stdout)).toBe(
      'NAME | REFERENCE | TARGETS | MINPODS | MAXPODS | REPLICAS | AGE\nweb | Deployment/web | cpu: <unknown>/50% | 1 | 5 | 3 | <age>',
    );
    expect(normalise(got.stdout)).toBe(normalise(panel('kubectl get hpa')));
    // kubectl describes an HPA on the client side (describe.go describeHorizontalPodAutoscalerV2): the real
    // describer against the server's object, and the panel's. Events are left out: the live server syncs on.
    const untilEvents = (t: string) => normalise(t.split('\nEvents:')[0]);
    const described = await kubectl('describe', 'hpa', 'web');
    expect(untilEvents(described.stdout)).toBe(untilEvents(panel('kubectl describe hpa web')));
    expect(described.stdout).toContain('  resource cpu on pods  (as a percentage of request):  <unknown> / 50%');
    await kubectl('delete', '-f', file);
  });

  it('a CRD and its custom resource in one file: no mapping at first, created when applied again', async () => {
    const file = join(dir, 'crontab.yaml');
    writeFileSync(
      file,
      `${CRONTAB_CRD}---\napiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: c1\nspec:\n  cronSpec: "* * * * */5"\n`,
    );
    const first = await kubectl('apply', '-f', file);
    expect(first.code).toBe(1);
    expect(first.stdout).toBe('customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created\n');
    expect(first.stderr).toBe(
      `error: resource mapping not found for name: "c1" namespace: "" from "${file}": no matches for kind "CronTab" in version "stable.example.com/v1"\nensure CRDs are installed first\n`,
    );
    const again = await kubectl('apply', '-f', file);
    expect(again.stdout).toBe(
      'customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com unchanged\ncrontab.stable.example.com/c1 created\n',
    );
    const got = await kubectl('get', 'ct');
    expect(normalise(got.stdout)).toBe('NAME | SPEC | REPLICAS | AGE\nc1 | * * * * */5 | 1 | <age>');
    expect(normalise(got.stdout)).toBe(normalise(panel('kubectl get ct')));
    await kubectl('delete', 'ct', 'c1');
    await kubectl('delete', 'crd', 'crontabs.stable.example.com');
  });

  it('delete -f deletes both', async () => {
    const { stdout } = await kubectl('delete', '-f', manifest);
    expect(stdout).toBe(
      'deployment.apps "web" deleted from default namespace\nservice "web" deleted from default namespace\n',
    );
    const left = await kubectl('get', 'deploy,svc', '-o', 'name');
    expect(left.stdout).toBe('service/kubernetes\n');
  });

  // Server-side apply, JSON patch and server dry-run (handlers/patch.go, k8s.io/apimachinery/pkg/util/managedfields,
  // kubectl/pkg/cmd/apply/apply.go): what kubectl prints is kubectl's own text around the apiserver's messages.
  const deployment = (name: string, replicas: number) =>
    MANIFEST.split('---')[0]
      .replace(/\bweb\b/g, name)
      .replace('replicas: 3', `replicas: ${replicas}`);
  const writeManifest = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('apply --dry-run=server: admitted and validated, not stored', async () => {
    const file = writeManifest('api.yaml', deployment('api', 2));
    const dry = await kubectl('apply', '--dry-run=server', '-f', file);
    expect(dry.stdout).toBe('deployment.apps/api created (server dry run)\n');
    const get = await kubectl('get', 'deploy', 'api');
    expect(get.stderr).toBe('Error from server (NotFound): deployments.apps "api" not found\n');
  });

  it('apply --server-side creates, applies again, and records the Apply manager', async () => {
    const file = join(dir, 'api.yaml');
    for (let i = 0; i < 2; i++) {
      const applied = await kubectl('apply', '--server-side', '-f', file);
      expect(applied.stderr).toBe('');
      expect(applied.stdout).toBe('deployment.apps/api serverside-applied\n');
    }
    const managers = await kubectl(
      'get',
      'deploy',
      'api',
      '-o',
      'jsonpath={range .metadata.managedFields[*]}{.manager}/{.operation} {end}',
    );
    expect(managers.stdout).toBe('kubectl/Apply ');
    const fields = await kubectl('get', 'deploy', 'api', '-o', 'jsonpath={.metadata.managedFields[0].fieldsV1.f:spec}');
    expect(JSON.parse(fields.stdout)).toMatchObject({ 'f:replicas': {}, 'f:selector': {} });
  });

  it('apply --server-side after a client-side apply: the conflict on spec.replicas, then --force-conflicts', async () => {
    await kubectl('apply', '-f', writeManifest('csa.yaml', deployment('csa', 3)));
    const file = writeManifest('csa2.yaml', deployment('csa', 2));
    const refused = await kubectl('apply', '--server-side', '-f', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      [
        'error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas',
        'Please review the fields above--they currently have other managers. Here',
        'are the ways you can resolve this warning:',
        '* If you intend to manage all of these fields, please re-run the apply',
        '  command with the `--force-conflicts` flag.',
        '* If you do not intend to manage all of the fields, please edit your',
        '  manifest to remove references to the fields that should keep their',
        '  current managers.',
        '* You may co-own fields by updating your manifest to match the existing',
        "  value; in this case, you'll become the manager if the other manager(s)",
        '  stop managing the field (remove it from their configuration).',
        'See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts',
        '',
      ].join('\n'),
    );
    const forced = await kubectl('apply', '--server-side', '--force-conflicts', '-f', file);
    expect(forced.stderr).toBe('');
    expect(forced.stdout).toBe('deployment.apps/csa serverside-applied\n');
    expect((await kubectl('get', 'deploy', 'csa', '-o', 'jsonpath={.spec.replicas}')).stdout).toBe('2');
    // kubectl migrated client-side apply's entry to its own (a JSON patch of managedFields, csaupgrade).
    const managers = await kubectl('get', 'deploy', 'csa', '-o', 'jsonpath={.metadata.managedFields[*].manager}');
    expect(managers.stdout.split(' ').sort()).toEqual(['kubectl', 'kubectl-last-applied']);
  });

  it('patch --type=json: RFC 6902 operations, and the apiserver texts when they fail', async () => {
    const ok = await kubectl(
      'patch',
      'deploy',
      'api',
      '--type=json',
      '-p',
      '[{"op":"replace","path":"/spec/replicas","value":4}]',
    );
    expect(ok.stdout).toBe('deployment.apps/api patched\n');
    expect((await kubectl('get', 'deploy', 'api', '-o', 'jsonpath={.spec.replicas}')).stdout).toBe('4');
    const failed = await kubectl(
      'patch',
      'deploy',
      'api',
      '--type=json',
      '-p',
      '[{"op":"test","path":"/spec/replicas","value":5}]',
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      'The request is invalid: the server rejected our request due to an error in our request\n',
    );
    const malformed = await kubectl('patch', 'deploy', 'api', '--type=json', '-p', '{"op":"remove"}');
    expect(malformed.stderr).toBe(
      'Error from server (BadRequest): json: cannot unmarshal object into Go value of type jsonpatch.Patch\n',
    );
  });

  it('delete --dry-run=server deletes nothing', async () => {
    const dry = await kubectl('delete', 'deploy', 'api', '--dry-run=server');
    expect(dry.stdout).toBe('deployment.apps "api" deleted from default namespace (server dry run)\n');
    expect((await kubectl('get', 'deploy', 'api', '-o', 'name')).stdout).toBe('deployment.apps/api\n');
    await kubectl('delete', 'deploy', 'api', 'csa');
  });

  it('get -w / --watch-only: the panel replays the same watch events, as the real kubectl prints them', async () => {
    // A namespace of its own, so the watch sees only this Deployment (`kubectl create namespace` sends protobuf,
    // which serve does not read: applied from YAML instead).
    await kubectl(
      'apply',
      '-f',
      writeManifest('ns.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: watch\n'),
    );
    const env = { ...process.env, KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir, KUBECACHEDIR: join(dir, 'cache') };
    const watchers = [
      ['get', 'deploy', '-n', 'watch', '-w'],
      ['get', 'pods', '-n', 'watch', '--watch-only'],
    ].map((args) => {
      const child = spawn(oracle.path!, args, { env });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      return { child, out: () => out };
    });
    await new Promise((r) => setTimeout(r, 1500));
    const file = writeManifest(
      'watch.yaml',
      deployment('web', 2).replace('name: web\n', 'name: web\n  namespace: watch\n'),
    );
    await kubectl('apply', '-f', file);
    let ready = '';
    for (let i = 0; i < 60 && ready !== '2'; i++) {
      ready = (await kubectl('get', 'deploy', 'web', '-n', 'watch', '-o', 'jsonpath={.status.readyReplicas}')).stdout;
      if (ready !== '2') await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (const w of watchers) w.child.kill();
    const trace = server.trace();
    const watch = {
      history: trace.history,
      timeOf: (n: number) => trace.steps[n]?.time ?? 0,
      upTo: trace.steps.length - 1,
    };
    const world = server.engine.currentWorld();
    // Ages at the end of a line (the last column) differ between wall and virtual time; nothing else may.
    const ages = (text: string) => text.trimEnd().replace(/ (\d+[smhd])+$/gm, ' <age>');
    const deploy = ages(watchers[0].out());
    expect(deploy.split('\n').length).toBeGreaterThan(3);
    expect(deploy).toBe(ages(answerKubectl('kubectl get deploy -n watch -w', world, { watch }).output));
    const pods = ages(watchers[1].out());
    expect(pods).toContain('ContainerCreating');
    expect(pods).toBe(ages(answerKubectl('kubectl get pods -n watch --watch-only', world, { watch }).output));
  });

  it('every request was a drawn step from kubectl to kube-apiserver', () => {
    const steps = server.trace().steps;
    const sent = steps.filter((s) => s.from.component === 'kubectl' && s.to.component === 'kube-apiserver');
    expect(sent.map((s) => s.label)).toEqual(
      expect.arrayContaining([
        'GET /apis/apps/v1/namespaces/default/deployments/web',
        'POST /apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-client-side-apply&fieldValidation=Strict',
        'DELETE /api/v1/namespaces/default/services/web',
      ]),
    );
  });
});
