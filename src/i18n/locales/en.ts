/**
 * English catalog: every UI string and every narration template. Keys are grouped by prefix:
 * `app.*` chrome, `ctl.*` playback controls, `phase.*` trace phases, `comp.*` components, `panel.*` inspectors,
 * `narration.*` one template per engine narration key (see src/engine: `narration: { key: … }`).
 * `scenario.<id>.title|lesson` the built-in scenarios, copied from src/scenarios (see ../scenarioText.ts).
 * Kubernetes terms (Pod, ReplicaSet, resourceVersion, RunPodSandbox…) stay in English in every language.
 */
import { SCENARIOS } from '../../scenarios';
import { scenarioCatalog } from '../scenarioText';
import { REASONS } from '../../engine/diagnose/reasons';

export const en = {
  // ---- chrome ------------------------------------------------------------------------------------------------
  'app.name': 'Podyssey',
  'app.tagline': 'From kubectl apply to running Pods, message by message',
  'app.version': 'Kubernetes {version}',
  'app.examples': 'Examples',
  'app.help': 'Keyboard shortcuts',
  'app.viewDiagram': 'Diagram',
  'app.viewStory': 'Story',
  'app.viewSequence': 'Sequence',
  'app.centerView': 'Main view',
  'app.close': 'Close',
  'app.intro.title': 'What am I looking at?',
  'app.intro.body':
    'Press Apply and Podyssey simulates a small cluster (a control plane and three workers) reacting to the manifest in the editor. Every arrow is one real message, from kubectl to kube-proxy: step through with ← →, play with Space, and read what each component received, decided and handed on.',
  'app.intro.dismiss': 'Got it',
  'app.intro.show': 'What am I looking at?',
  'app.gallery.title': 'Example scenarios',
  'app.gallery.intro':
    'Each example is a manifest (and sometimes a fault) that shows one lesson. Loading one replaces the editor text.',
  'app.gallery.load': 'Load',
  'app.gallery.family.journey': 'The journey',
  'app.gallery.family.pending': 'Pods that stay Pending',
  'app.gallery.family.containers': 'Containers that fail',
  'app.gallery.family.probes': 'Probes',
  'app.gallery.family.network': 'Networking',
  'app.gallery.family.rollout': 'Rollouts',
  'app.gallery.family.faults': 'Faults',
  'app.gallery.family.access': 'Access control',
  'app.gallery.family.validation': 'Rejected manifests',
  'app.gallery.family.batch': 'Jobs and CronJobs',
  'app.gallery.family.storage': 'Storage',
  'app.gallery.family.workloads': 'DaemonSets and other workloads',
  // The scenarios' titles and lessons: `scenario.<id>.title|lesson`, English from the scenario files (which the CLI
  // and the goldens print). Other languages translate each one (locales.test.ts).
  ...scenarioCatalog(SCENARIOS),
  // `diag.<key>`: a diagnosis's reasons, in English where the engine fills them (src/engine/diagnose/reasons.ts).
  ...Object.fromEntries(Object.entries(REASONS).map(([k, v]) => [`diag.${k}`, v])),
  'app.help.title': 'Keyboard shortcuts',
  'app.help.note': 'Shortcuts work when the focus is not in the editor. In the editor, Ctrl+Enter (⌘+Enter) applies.',
  'app.help.next': 'Next step',
  'app.help.prev': 'Previous step',
  'app.help.play': 'Play / pause',
  'app.help.firstLast': 'First / last step',
  'app.help.phase': 'Next / previous phase',
  'app.help.speed': 'Slower / faster',
  'app.help.help': 'This help',
  'app.help.apply': 'Apply the manifest (in the editor)',
  'app.compact.editor': 'Manifest',
  'app.compact.inspect': 'Inspect',
  'app.skip': 'Skip to the playback controls',

  // ---- editor ------------------------------------------------------------------------------------------------
  'editor.title': 'Manifest',
  'editor.yourManifest': 'Your manifest',
  'editor.apply': 'Apply',
  'editor.applyHint': 'kubectl apply -f manifest.yaml (Ctrl+Enter)',
  'editor.loading': 'Loading the editor…',
  'editor.ariaLabel': 'YAML manifest editor',
  'editor.output': 'kubectl output',
  'editor.outputEmpty': 'Press Apply to run kubectl apply -f manifest.yaml against the simulated cluster.',
  'editor.saved': 'Draft saved in this browser',
  'editor.reset': 'Reset',
  'editor.resetHint': 'Restore the example’s manifest',
  'editor.metricsServer': 'metrics-server',
  'editor.metricsServerHint':
    'Cluster option, used at the next Apply: install metrics-server (kind has none), so kubectl top and HorizontalPodAutoscalers get CPU and memory usage',
  'editor.problems_one': '{count} problem',
  'editor.problems_other': '{count} problems',

  // ---- simulation status --------------------------------------------------------------------------------------
  'sim.running': 'Simulating… {seconds} s',
  'sim.failed': 'The simulation failed: {message}',
  'sim.idle': 'Press Apply to send the manifest to the simulated cluster.',
  'sim.applyNow': 'Apply the manifest',
  'sim.inputError': 'kubectl could not read the manifest, so nothing was sent to the cluster.',

  // ---- playback controls -------------------------------------------------------------------------------------
  'ctl.first': 'First step',
  'ctl.prev': 'Previous step',
  'ctl.play': 'Play',
  'ctl.pause': 'Pause',
  'ctl.next': 'Next step',
  'ctl.last': 'Last step',
  'ctl.prevPhase': 'Previous phase',
  'ctl.nextPhase': 'Next phase',
  'ctl.speed': 'Speed',
  'ctl.speedValue': '{speed}×',
  'ctl.counter': '{n} / {total}',
  'ctl.counterLabel': 'Step {n} of {total}',
  'ctl.clock': 't = {seconds} s',
  'ctl.clockLabel': 'Virtual time',
  'ctl.legend': 'Legend',
  'ctl.legendBackground': 'background steps (heartbeats, leases; paler)',
  'ctl.legendJump': 'a long wait: the clock jumps',
  'ctl.timeline': 'Timeline',
  'ctl.keySteps': 'Key steps',
  'ctl.keyStepsHint':
    'The journey’s chapters, each once: apply, admission, etcd, controllers, scheduling, kubelet, runtime, ready, endpoints, and where it went wrong. Turn off to step through every message.',
  'ctl.keyStepsCount': '{count} of {total}',
  'ctl.background': 'Background steps',
  'ctl.backgroundHint': 'Lease renewals and other housekeeping. When off, they are skipped.',
  'ctl.follow': 'Follow Pod',
  'ctl.followAll': 'All steps',
  'ctl.filtered': '{count} steps match',
  'ctl.clockJump': '+{seconds} s later',

  // ---- phases ------------------------------------------------------------------------------------------------
  'phase.submit': 'submit',
  'phase.admission': 'admission',
  'phase.persist': 'persist',
  'phase.reconcile': 'reconcile',
  'phase.schedule': 'schedule',
  'phase.run': 'run',
  'phase.network': 'network',
  'phase.status': 'status',
  'phase.fault': 'fault',
  'phase.user': 'user',

  // ---- components ---------------------------------------------------------------------------------------------
  'comp.kubectl': 'kubectl',
  'comp.kube-apiserver': 'kube-apiserver',
  'comp.etcd': 'etcd',
  'comp.kube-controller-manager': 'kube-controller-manager',
  'comp.kube-scheduler': 'kube-scheduler',
  'comp.kubelet': 'kubelet',
  'comp.container-runtime': 'container-runtime',
  'comp.cni': 'cni',
  'comp.kube-proxy': 'kube-proxy',
  'comp.role.kubectl': 'your client',
  'comp.role.kube-apiserver': 'the only door to etcd',
  'comp.role.etcd': 'the cluster’s memory',
  'comp.role.kube-controller-manager': 'reconcile loops',
  'comp.role.kube-scheduler': 'picks a node',
  'comp.role.kubelet': 'runs the node’s Pods',
  'comp.role.container-runtime': 'CRI',
  'comp.role.cni': 'Pod network',
  'comp.role.kube-proxy': 'Service rules',
  'diagram.stopped': 'stopped',
  'diagram.stuckHere': 'stuck here',
  'diagram.node.notReadyHint': 'The Node’s Ready condition is {ready}',
  'diagram.node.taints': 'taint ×{count}',
  'diagram.label': 'Cluster diagram',
  'diagram.userMachine': 'Your machine',
  'diagram.controlPlane': 'Control plane',
  'diagram.node': 'Node {node}',
  'diagram.controlPlaneNode': 'control-plane node',
  'diagram.workerNode': 'worker',
  'diagram.pods': 'Pods',
  'diagram.noPods': 'no Pods yet',
  'diagram.systemPods_one': '+{count} system Pod',
  'diagram.systemPods_other': '+{count} system Pods',
  'diagram.pending': 'Unscheduled',
  'diagram.podGroup': '{name} ×{count}',
  'diagram.ready': 'Ready',
  'diagram.notReady': 'not Ready',
  'diagram.podLabel': 'Pod {name}: {status}, {ready} containers ready',
  'diagram.fit': 'Fit view',
  'diagram.active': 'active',
  'sequence.label': 'Sequence view: one lane per component, one arrow per step',

  // ---- narration panel ----------------------------------------------------------------------------------------
  'narr.label': 'Narration',
  'narr.empty': 'Nothing to narrate yet. Press Apply to start.',
  'narr.background': 'background',
  'narr.internal': '{component} decides',
  'narr.message': '{from} → {to}',
  'narr.source': 'from your manifest: {path}',
  'narr.events': 'Events recorded',

  // ---- inspectors ---------------------------------------------------------------------------------------------
  'panel.label': 'Inspectors',
  'panel.objects': 'Objects',
  'panel.etcd': 'etcd',
  'panel.events': 'Events',
  'panel.kubectl': 'kubectl',
  'panel.scheduler': 'Scheduler',
  'panel.noRun': 'Apply a manifest to inspect the cluster.',
  'panel.objects.tree': 'Ownership',
  'panel.objects.spec': 'spec',
  'panel.objects.status': 'status',
  'panel.objects.none': 'Select an object.',
  'panel.objects.noStatus': '(no status yet)',
  'panel.objects.changed': 'changed at this step',
  'panel.etcd.keys': 'Keys under /registry',
  'panel.etcd.revision': 'revision {revision}',
  'panel.etcd.changedHere': 'written by this step',
  'panel.etcd.deleted': '(deleted at this step)',
  'panel.etcd.filter': 'Filter keys',
  'panel.etcd.select': 'Select a key to see its value.',
  'panel.events.for': 'Events for {name}',
  'panel.events.namespace': 'Namespace',
  'panel.events.allNamespaces': 'All namespaces (-A)',
  'panel.events.clear': 'Show all',
  'panel.kubectl.prompt': 'Type a read-only kubectl command',
  'panel.kubectl.placeholder': 'kubectl get pods -o wide',
  'panel.kubectl.run': 'Run',
  'panel.kubectl.asOf': 'as of step {n}',
  'panel.kubectl.hint':
    'Try: get pods · get deploy,rs,pods -o wide · get pods -l app=web --show-labels · describe pod <name> · logs <pod> --previous · get events · rollout status deploy/<name> · explain deploy.spec · auth can-i create pods',
  'panel.scheduler.none':
    'This step is not a scheduling decision. Step to a kube-scheduler “schedule” step to see why each node was or was not chosen.',
  'panel.scheduler.jump': 'Go to the nearest scheduling decision',
  'panel.scheduler.pod': 'Scheduling Pod {pod}',
  'panel.scheduler.node': 'Node',
  'panel.scheduler.filter': 'Filter',
  'panel.scheduler.scores': 'Scores',
  'panel.scheduler.total': 'Total',
  'panel.scheduler.passed': 'passed',
  'panel.scheduler.notEvaluated': 'not evaluated',
  'panel.scheduler.winner': 'selected',
  'panel.scheduler.noFit': 'No node fits: {message}',

  // ---- narration templates, by engine key ---------------------------------------------------------------------
  'narration.fallback': '{summary}',

  'narration.kubectl.get':
    'kubectl reads your manifest and first asks the API server for the live {kind} “{name}” ({path}). The answer decides whether apply creates the object or patches it.',
  'narration.kubectl.create':
    'The {kind} does not exist yet, so kubectl sends the whole object: {path}. The API server will authenticate, authorize, admit, validate and persist it.',
  'narration.kubectl.patch':
    'The {kind} “{name}” already exists, so kubectl computes a three-way merge between your manifest, the last-applied configuration and the live object, and sends only the difference: {path}.',
  'narration.kubectl.update': 'kubectl sends the updated {kind} “{name}”: {path}.',
  'narration.kubectl.delete': 'kubectl asks the API server to delete {kind} “{name}”: {path}.',
  'narration.kubectl.unchanged':
    'kubectl compared your manifest with the live object: nothing differs, so it sends no patch and prints “{name} unchanged”.',
  'narration.kubectl.noMatch':
    'The API server does not serve kind {kind} in {version}, so kubectl cannot map the document to a resource and stops before sending it.',
  'narration.kubectl.noMatchCrdInFile':
    'kubectl mapped every document of the file to an API resource before applying the first. At that moment the API server did not serve {kind} in {version} yet: the CustomResourceDefinition that defines it is in the same file and was not created. So kubectl sends nothing for this document; applying the file again will work once the CRD is Established.',
  'narration.kubectl.discovery': '{summary}',

  'narration.kubectl.drain.node':
    'kubectl drain first reads Node “{name}” ({path}): a node that is cordoned already is not patched again.',
  'narration.kubectl.drain.cordon':
    'kubectl drain cordons the node: a patch setting spec.unschedulable to true ({path}), so the scheduler places nothing new there.',
  'narration.kubectl.drain.pods':
    'kubectl drain lists the Pods bound to the node ({path}); it will evict them all, except DaemonSet Pods (--ignore-daemonsets) and mirror Pods.',
  'narration.kubectl.drain.daemonset':
    'kubectl drain reads DaemonSet “{name}” ({path}) to check that a Pod it manages still has its DaemonSet; such Pods are left alone, since the DaemonSet would recreate them.',
  'narration.kubectl.drain.evict':
    'kubectl drain asks for Pod “{name}” to be evicted, not deleted: {path} with a policy/v1 Eviction. The API server deletes the Pod only if its PodDisruptionBudget allows one more disruption.',
  'narration.kubectl.drain.poll':
    'The eviction was accepted; kubectl drain reads Pod “{name}” every second ({path}) until it is gone, then prints “pod/{name} evicted”.',
  'narration.apiserver.authn':
    'Authentication: the request carries the client certificate of user “{user}” (groups {groups}). The API server now knows who is asking.',
  'narration.apiserver.authnFailed':
    'Authentication failed: the credentials are not valid, so the API server answers 401 Unauthorized without looking at the object.',
  'narration.apiserver.authz':
    'Authorization (RBAC): may this user {verb} {resource}? Yes, via {via}. The request moves on to admission.',
  'narration.apiserver.authzDenied':
    'Authorization (RBAC) found no Role or ClusterRole binding that lets “{user}” {verb} {resource}, so the API server answers 403 Forbidden and the object is never stored.',
  'narration.apiserver.mutated': 'Mutating admission: {plugins} changed the object before it is stored: {changes}.',
  'narration.apiserver.mutatingDenied':
    'Mutating admission: the {plugin} admission plugin refuses the request, so the API server answers 403 Forbidden and stores nothing: {message}',
  'narration.apiserver.mutatedNothing': 'Mutating admission: no plugin needed to change this object.',
  'narration.apiserver.valid':
    'Validation: the {kind} “{name}” is well-formed (required fields, formats, immutable fields), so it can be stored.',
  'narration.apiserver.invalid':
    'Validation failed with {count} field error(s): the API server rejects the object with 422 Unprocessable Entity, names each wrong field, and stores nothing.',
  'narration.apiserver.stored.noController':
    '{kind} {name} is stored like a real apiserver stores it, but Podyssey does not simulate the {kind} controller yet: nothing acts on it.',
  'narration.apiserver.stored.noIngressController':
    '{kind} {name} is stored, but no ingress controller runs in this cluster (a fresh kind cluster has none): nothing reads it, no address is assigned and no traffic is routed. Install an ingress controller in a real cluster to make it work.',
  'narration.apiserver.stored.noNetworkPolicy':
    '{kind} {name} is stored, but Podyssey does not model a network plugin that enforces NetworkPolicy yet: traffic to and from the Pods is not filtered here.',
  'narration.apiserver.stored.crd':
    '{kind} {name} is a custom resource: the API server stores it in etcd as JSON, as its CustomResourceDefinition describes. No controller for it runs in this cluster (an operator would watch it and act), so nothing else happens.',
  'narration.apiserver.stored.inert':
    '{kind} {name} is stored. Nothing acts on a {kind} by itself, in a real cluster either: it is there for other objects and clients to read.',
  'narration.apiserver.crdNamesAccepted':
    'The naming controller of the apiextensions-apiserver (it runs inside kube-apiserver) checks that no other CRD of the group uses the plural “{plural}” or the kind {kind}: NamesAccepted=True (NoConflicts). It copies the names to status.acceptedNames and writes the status to etcd.',
  'narration.apiserver.crdNamesConflict':
    'The naming controller of the apiextensions-apiserver refuses the names of {name}: {message}. NamesAccepted=False, so the resource is never served.',
  'narration.apiserver.crdEstablished':
    'The establishing controller marks {name} Established (InitialNamesAccepted). From now on the API server serves /apis/{group}/…/{plural}, discovery lists it, and kubectl can map documents of this kind.',
  'narration.apiserver.crdFinalizing':
    'The CRD {name} is being deleted: its finalizer customresourcecleanup.apiextensions.k8s.io holds it while the finalizer controller in kube-apiserver deletes its {count} custom resource(s) ({plural}). Then it removes the finalizer, and the CRD is gone.',
  'narration.apiserver.crPruned':
    'The API server prunes the fields the CRD’s schema does not define ({fields}) before it stores the custom resource: they are silently dropped.',
  'narration.apiserver.jsonPatchFailed':
    'The JSON patch (RFC 6902) does not apply to the stored object: {error}. The whole patch is refused (422) and nothing changes.',
  'narration.apiserver.dryRun':
    'A dry run (?dryRun=All): {kind} {name} went through admission and validation like any write, but nothing is written to etcd. The answer is the object as it would have been stored.',
  'narration.apiserver.reviewAnswered':
    'A {kind} is a question, not an object to keep: the API server answers it in the status of the object it returns (201 Created) and stores nothing in etcd.',
  'narration.apiserver.vapOk': 'Validating admission: every policy accepts the object. Next stop: etcd.',
  'narration.apiserver.vapDenied':
    'Validating admission: {summary}. The API server refuses the request and stores nothing.',
  'narration.apiserver.quotaDenied':
    'Validating admission: the ResourceQuota plugin adds what this object would use to what the namespace already uses and finds a quota exceeded, so the API server answers 403 Forbidden and stores nothing: {message}',
  'narration.apiserver.quotaCharged':
    'Validating admission: the ResourceQuota plugin counts {kind} {name} against the namespace quota and writes the new usage into the quota before storing the object: {quotas}.',
  'narration.apiserver.podSecurityDenied':
    'Validating admission: the PodSecurity plugin checks the Pod against the level its namespace enforces (the pod-security.kubernetes.io/enforce label) and finds fields that level forbids, so the API server answers 403 Forbidden and stores nothing: {message}',
  'narration.apiserver.podSecurityWarned':
    'Validating admission: the PodSecurity plugin checks {kind} {name} against the level its namespace warns about (pod-security.kubernetes.io/warn) and finds violations. It does not refuse the request: it adds a warning to the response, which kubectl prints as "Warning: {warning}".',
  'narration.apiserver.podSecurityLabels':
    "Validating admission: the PodSecurity plugin reads the namespace's pod-security.kubernetes.io labels and one of them names no level or version it knows, so the API server answers 422 Invalid and stores nothing: {message}",
  'narration.apiserver.podSecurityExistingPods':
    'Validating admission: the namespace {name} gets a new enforce level, so the PodSecurity plugin checks the Pods already in it. It does not touch them (enforcement applies to Pods being created), but it warns about the ones the new level would refuse: {warning}',
  'narration.apiserver.decodeFailed':
    'Decoding: the body does not match the Go type of this API version (a field is unknown or has the wrong type). {summary}. The API server answers 400 Bad Request and stores nothing.',
  'narration.apiserver.nsTerminating':
    'Namespace {ns} is being deleted, so the NamespaceLifecycle admission plugin refuses to create anything new in it: 403 Forbidden.',
  'narration.apiserver.nsImmortal':
    'The NamespaceLifecycle admission plugin never lets namespace {ns} be deleted: 403 Forbidden.',
  'narration.apiserver.nsMissing': 'The namespace does not exist, so the API server answers 404 Not Found: {message}',
  'narration.resourcequota.status':
    'The resource-quota controller recounts what namespace objects use and writes it into ResourceQuota {quota}’s status (used/hard): {usage}.',
  'narration.kcm.relist':
    'kube-controller-manager starts again with empty caches: its {kind} informer sends a LIST for every {kind}, fills its cache from the answer and then watches for changes from that resourceVersion. The controllers wait until every informer has synced.',
  'narration.apiserver.ok': 'The API server answers {code} {reason} for {what}.',
  'narration.apiserver.error': 'The API server answers {code} {reason}: {message}',
  'narration.apiserver.evictionRefused':
    'The eviction subresource stops here: {why}. Evicting Pod “{pod}” would break PodDisruptionBudget “{pdb}”, so the API server answers 429 TooManyRequests (“Cannot evict pod as it would violate the pod’s disruption budget.”) and changes nothing; kubectl drain will retry in 5 seconds.',
  'narration.apiserver.evictionFailed': 'The eviction of Pod “{pod}” fails with {code}: {why}.',
  'narration.apiserver.evictionAllowed':
    'The eviction of Pod “{pod}” is allowed: {why}. The API server marks the Pod DisruptionTarget=True (EvictionByEvictionAPI) and deletes it gracefully.',
  'narration.apiserver.watch':
    'Watch event: the API server tells {to}, which watches {kind} objects, that {kind} “{name}” was {type} (resourceVersion {rv}). The watcher updates its informer cache and reacts.',

  'narration.etcd.put':
    'The API server is the only client of etcd: it writes {kind} “{name}” under the key {key}. etcd’s leader replicates the write to its followers.',
  'narration.etcd.delete': 'The API server deletes the key {key} ({kind} “{name}”) from etcd.',
  'narration.etcd.committed':
    'etcd committed the write: {acks} of {n} members acknowledged it (a quorum needs {quorum}). The cluster’s revision is now {revision}; it becomes the object’s resourceVersion.',
  'narration.etcd.conflict':
    'etcd refuses the write: the object changed since the writer read it (resourceVersion mismatch). The API server answers 409 Conflict and the writer must retry with fresh data.',
  'narration.etcd.noQuorum':
    'Only {up} of {n} etcd members are up and a write needs {quorum}: without quorum etcd cannot commit anything, so the API server’s writes hang and time out.',

  'narration.deployment.createRS':
    'The deployment controller sees Deployment “{deploy}” without a ReplicaSet for its Pod template (hash {hash}), so it creates ReplicaSet “{rs}” with replicas: {replicas}.',
  'narration.deployment.scaleRS':
    'The deployment controller scales ReplicaSet “{rs}” from {from} to {to} replicas to match Deployment “{deploy}”.',
  'narration.deployment.revision':
    'The deployment controller marks ReplicaSet “{rs}” as the current revision of Deployment “{deploy}”, so its Pod template is the one the Deployment runs.',
  'narration.deployment.status':
    'The deployment controller writes the Deployment’s status: {ready} ready, {available} available. kubectl get deploy reads exactly these fields.',

  'narration.replicaset.createPod':
    'The replicaset controller counts the Pods that match ReplicaSet “{rs}”: fewer than the {replicas} it wants, so it creates a Pod (batch of {batch}, slow-start). The Pod has no node yet.',
  'narration.replicaset.deletePod':
    'ReplicaSet “{rs}” has more Pods than the {replicas} it wants, so the replicaset controller deletes Pod “{pod}”.',
  'narration.replicaset.status':
    'The replicaset controller writes ReplicaSet “{rs}”’s status: {replicas} Pods, {ready} ready, {available} available.',

  'narration.statefulset.createRevision':
    'The statefulset controller finds no ControllerRevision holding StatefulSet “{sts}”’s Pod template, so it saves the template as ControllerRevision “{revision}” (revision {number}). Each Pod will carry that name in its controller-revision-hash label.',
  'narration.statefulset.renumberRevision':
    'StatefulSet “{sts}”’s template is the same as the older ControllerRevision “{revision}”: a roll back. The statefulset controller renumbers that revision {number} instead of saving a new one.',
  'narration.statefulset.createClaim':
    'Pod “{pod}” of StatefulSet “{sts}” will mount a volume from its volumeClaimTemplates, so the statefulset controller first creates its PersistentVolumeClaim “{claim}”. The claim keeps its name, and its data, whenever {pod} is recreated.',
  'narration.statefulset.createFirstPod':
    'The statefulset controller creates Pod “{pod}”, the first ordinal of StatefulSet “{sts}”. Its stable name is also its hostname; through the headless Service “{service}” it gets the DNS name {dns}.',
  'narration.statefulset.createPod':
    '“{prev}” is Running and Ready, so (OrderedReady) the statefulset controller creates the next ordinal, Pod “{pod}”, with the DNS name {dns} through the headless Service “{service}”.',
  'narration.statefulset.createPodParallel':
    'StatefulSet “{sts}” uses podManagementPolicy Parallel: the statefulset controller creates Pod “{pod}” without waiting for the other ordinals. Its DNS name is {dns}.',
  'narration.statefulset.deleteCondemned':
    'StatefulSet “{sts}” now wants {replicas} replicas, so the statefulset controller deletes the highest ordinal first: Pod “{pod}”. Its PersistentVolumeClaims stay unless the retention policy says Delete.',
  'narration.statefulset.deleteForUpdate':
    'Rolling update: Pod “{pod}” is not at revision “{revision}”, so the statefulset controller deletes it (highest ordinal first) and will recreate it from the new template, with the same name and the same volume.',
  'narration.statefulset.deleteFailedPod':
    'Pod “{pod}” of StatefulSet “{sts}” has ended ({phase}); the statefulset controller deletes it so that it can be created again under the same name.',
  'narration.statefulset.claimOwnedBySet':
    'persistentVolumeClaimRetentionPolicy whenDeleted: Delete — the statefulset controller makes StatefulSet “{sts}” an owner of claim “{claim}”, so the garbage collector deletes the claim with the StatefulSet.',
  'narration.statefulset.claimOwnedByPod':
    'persistentVolumeClaimRetentionPolicy whenScaled: Delete — Pod “{pod}” is being scaled away, so the statefulset controller makes it the owner of claim “{claim}”; the garbage collector deletes the claim once the Pod is gone.',
  'narration.statefulset.deleteRevision':
    'StatefulSet “{sts}” keeps revisionHistoryLimit old revisions; the statefulset controller deletes ControllerRevision “{revision}”, which no Pod uses any more.',
  'narration.statefulset.status':
    'The statefulset controller writes StatefulSet “{sts}”’s status: {replicas} Pods, {ready} ready, {current} at the current revision, {updated} at the update revision. kubectl get sts reads READY from it.',
  'narration.daemonset.createRevision':
    'The daemonset controller finds no ControllerRevision of DaemonSet “{ds}” that holds its current Pod template, so it records one: revision {revision}, “{name}”. Its hash becomes the Pods’ controller-revision-hash label.',
  'narration.daemonset.renumberRevision':
    'DaemonSet “{ds}”’s template is the one kept in ControllerRevision “{name}” again (a rollback), so the daemonset controller makes it revision {revision}.',
  'narration.daemonset.createPod':
    'Node {node} should run a Pod of DaemonSet “{ds}” (its selector, affinity and taints allow it) and has none, so the daemonset controller creates one (batch of {batch}, slow-start), pinned to {node} by a matchFields node affinity: the scheduler will bind it there.',
  'narration.daemonset.deletePod.notEligible':
    'Node {node} has a NoExecute taint that DaemonSet “{ds}” does not tolerate (or no longer matches its selector), so the daemonset controller deletes Pod “{pod}” there.',
  'narration.daemonset.deletePod.update':
    'Rolling update of DaemonSet “{ds}”: Pod “{pod}” on {node} runs an old revision and maxUnavailable allows one more node without a Pod, so the daemonset controller deletes it; a new Pod follows.',
  'narration.daemonset.deletePod.failed':
    'Pod “{pod}” of DaemonSet “{ds}” on {node} failed, so the daemonset controller deletes it to make room for a new one.',
  'narration.daemonset.deletePod.extra':
    'Node {node} has more than one Pod of DaemonSet “{ds}”, so the daemonset controller keeps the oldest and deletes “{pod}”.',
  'narration.daemonset.deletePod.orphaned':
    'Pod “{pod}” of DaemonSet “{ds}” waits for node {node}, which is gone, so the daemonset controller deletes it.',
  'narration.daemonset.deleteRevision':
    'DaemonSet “{ds}” keeps only revisionHistoryLimit old revisions, so the daemonset controller deletes ControllerRevision “{name}”, which no Pod uses.',
  'narration.daemonset.status':
    'The daemonset controller writes DaemonSet “{ds}”’s status: {desired} nodes should run it, {current} do, {ready} ready, {updated} up to date, {available} available. kubectl get ds reads exactly these fields.',

  'narration.replication.createPod':
    'The replicationcontroller (the ReplicaSet controller run for the older kind) counts the Pods of ReplicationController “{rs}”: fewer than the {replicas} it wants, so it creates a Pod (batch of {batch}, slow-start). The Pod has no node yet.',
  'narration.replication.deletePod':
    'ReplicationController “{rs}” has more Pods than the {replicas} it wants, so the replicationcontroller deletes Pod “{pod}”.',
  'narration.replication.status':
    'The replicationcontroller writes ReplicationController “{rs}”’s status: {replicas} Pods, {ready} ready, {available} available.',

  'narration.endpoint.create':
    'The endpoints controller writes the legacy Endpoints “{svc}” for its Service: {ready} ready and {notReady} not-ready addresses.',
  'narration.endpoint.update':
    'A Pod behind Service “{svc}” changed, so the endpoints controller updates Endpoints “{svc}”: {ready} ready, {notReady} not ready.',
  'narration.endpoint.delete': 'Service “{svc}” is gone, so the endpoints controller deletes its Endpoints.',
  'narration.endpointslice.create':
    'The endpointslice controller sees Service “{svc}” and writes an EndpointSlice listing the ready Pods that match its selector ({count} endpoints so far).',
  'narration.endpointslice.update':
    'A Pod behind Service “{svc}” changed, so the endpointslice controller updates EndpointSlice “{slice}”: {count} endpoints, {ready} ready.',
  'narration.endpointslice.delete':
    'The endpointslice controller deletes EndpointSlice “{slice}”, which nothing needs any more.',

  'narration.serviceaccount.create':
    'The serviceaccount controller sees the new namespace {ns} and creates its “default” ServiceAccount: Pods in {ns} need one before the apiserver admits them.',
  'narration.serviceaccount.rootCA':
    'The root-ca-cert-publisher puts the cluster CA into ConfigMap kube-root-ca.crt in namespace {ns}, so Pods there can verify the API server.',

  'narration.namespace.deleteCollection':
    'Namespace {ns} is terminating, so the namespace controller deletes all its {resource} ({count}) with one DELETE on the collection: Pods are only marked for graceful deletion, their kubelets stop them.',
  'narration.namespace.statusRemaining':
    'The namespace controller records in {ns}’s conditions what is still there ({remaining}) and will look again: the namespace cannot go before its content.',
  'narration.namespace.statusEmpty':
    'Nothing is left in namespace {ns}: the namespace controller updates its conditions (all content removed).',
  'narration.namespace.finalize':
    'Namespace {ns} is empty, so the namespace controller removes its “kubernetes” finalizer through the finalize subresource; with no finalizer left, the API server deletes the namespace.',

  'narration.job.createPod':
    'The job controller counts the active Pods of Job “{job}”: fewer than it needs (parallelism {parallelism}, completions {completions}), so it creates a Pod from the template, with the batch.kubernetes.io/job-tracking finalizer so the Pod cannot vanish before it is counted.',
  'narration.job.createIndexedPod':
    'Indexed Job “{job}” has no Pod for completion index {index} (of {completions}), so the job controller creates one: the index is in its annotation, its label, its hostname and the JOB_COMPLETION_INDEX variable.',
  'narration.job.deletePod':
    'The job controller deletes Pod “{pod}” of Job “{job}”: the Job is suspended, finished or has more Pods than it needs.',
  'narration.job.status':
    'The job controller writes Job “{job}”’s status: {active} active, {succeeded} succeeded, {failed} failed; {uncounted} finished Pods are recorded in uncountedTerminatedPods until their finalizers come off.',
  'narration.job.statusCondition':
    'The job controller adds the {condition} condition (reason {reason}) to Job “{job}”. SuccessCriteriaMet and FailureTarget come first, while Pods are still being counted; Complete and Failed follow once nothing is left to count.',
  'narration.job.removeFinalizer':
    'Pod “{pod}” is now recorded in Job “{job}”’s status, so the job controller removes its batch.kubernetes.io/job-tracking finalizer: from now on the Pod can be deleted without losing the count.',
  'narration.cronjob.createJob':
    'The schedule “{schedule}” of CronJob “{cronjob}” came due at {time}, so the cronjob controller creates Job “{job}”: its name is the scheduled time in minutes since 1970, so the same time can never start two Jobs.',
  'narration.cronjob.deleteHistory':
    'CronJob “{cronjob}” keeps only its most recent finished Jobs (successfulJobsHistoryLimit / failedJobsHistoryLimit), so the cronjob controller deletes Job “{job}”; the garbage collector then deletes its Pods.',
  'narration.cronjob.deleteReplaced':
    'CronJob “{cronjob}” has concurrencyPolicy: Replace and Job “{job}” is still running at the next scheduled time, so the cronjob controller deletes it before starting the new one.',
  'narration.cronjob.status':
    'The cronjob controller writes CronJob “{cronjob}”’s status: {active} active Jobs, and the last schedule and success times that kubectl get cronjobs shows.',
  'narration.hpa.getScale':
    'Every 15 seconds the horizontal-pod-autoscaler controller syncs HPA “{hpa}”: first it reads the scale subresource of {target}, the replica count it may change and the selector of its Pods.',
  'narration.hpa.getMetrics':
    'The HPA controller asks the resource metrics API (metrics.k8s.io, which the API server hands on to metrics-server when one is installed) for the CPU usage of the Pods matching {selector}, to compare it with their CPU requests.',
  'narration.hpa.rescale':
    'HPA “{hpa}” computed that {target} needs {to} replicas instead of {from} ({reason}), so the controller writes the new count through the scale subresource; the Deployment controller does the rest.',
  'narration.hpa.status':
    'The HPA controller writes HPA “{hpa}”’s status: {current} current and {desired} desired replicas, the measured metrics and the AbleToScale, ScalingActive and ScalingLimited conditions kubectl describe hpa shows.',
  'narration.ttl.deleteJob':
    'Job “{job}” finished {ttl} seconds ago and has ttlSecondsAfterFinished: {ttl}, so the ttl-after-finished controller deletes it; the garbage collector deletes its Pods.',
  'narration.disruption.status':
    'The disruption controller recounts PodDisruptionBudget “{pdb}”: {healthy} of {expected} Pods are healthy (Ready) and {desired} must be, so {allowed} disruption(s) are allowed. The eviction API reads this status to accept or refuse each eviction.',
  'narration.gc.delete':
    'The garbage collector sees that {kind} “{name}” is owned (ownerReferences) by {ownerKind} “{owner}”, which is gone, so it deletes the dependent.',

  'narration.nodelifecycle.unknown':
    'The node-lifecycle controller has not seen a Lease renewal from {node} for {age} s, longer than its grace period, so it marks the node’s conditions Unknown: the node may be dead.',
  'narration.nodelifecycle.evictDecision':
    'Pod {pod} tolerated the node.kubernetes.io/unreachable:NoExecute taint for its tolerationSeconds; the taint manager decides it must be evicted.',
  'narration.nodelifecycle.taint':
    'The node-lifecycle controller taints {node} with node.kubernetes.io/unreachable: new Pods avoid it and, after tolerationSeconds, its Pods are evicted.',
  'narration.nodelifecycle.conditionTaint':
    '{node} reports a pressure condition, so the node-lifecycle controller taints it {taint}:NoSchedule: the scheduler places no new Pods there until the pressure is over.',
  'narration.nodelifecycle.conditionUntaint':
    '{node} no longer reports the pressure condition: the node-lifecycle controller removes the {taint} taint.',
  'narration.nodelifecycle.podNotReady':
    'Its node stopped reporting, so the node-lifecycle controller marks Pod “{pod}” not Ready: Services stop sending it traffic.',
  'narration.nodelifecycle.disruptionTarget':
    'Before deleting Pod “{pod}”, taint eviction adds the condition DisruptionTarget=True (DeletionByTaintManager), so whoever watches the Pod can tell why it goes.',
  'narration.nodelifecycle.evict':
    'The unreachable taint’s tolerationSeconds expired, so the node-lifecycle controller evicts Pod {pod}; its ReplicaSet will create a replacement elsewhere.',
  'narration.nodelifecycle.recover':
    '{node} renews its Lease again: the node-lifecycle controller removes the taint and the node is Ready.',

  'narration.pv.pending': 'The persistentvolume-binder finds no volume for PersistentVolumeClaim {pvc} yet: {message}',
  'narration.pv.bindClaim': 'The persistentvolume-binder binds PersistentVolumeClaim {pvc} to PersistentVolume {pv}.',
  'narration.pv.bindVolume': 'The persistentvolume-binder marks PersistentVolume {pv} as claimed by {pvc}.',
  'narration.pv.volumeBound':
    "The persistentvolume-binder sets PersistentVolume {pv}'s phase to Bound: it belongs to {pvc} now.",
  'narration.pv.bound': 'PersistentVolumeClaim {pvc} is Bound.',
  'narration.pv.provision': 'The provisioner creates PersistentVolume {pv} for claim {pvc} on node {node}.',

  'narration.scheduler.selected':
    'The scheduler took Pod “{pod}” from its queue, filtered the {total} nodes ({feasible} feasible: the control-plane taint and resource fit rule out the rest), scored the feasible ones and picked {node}.',
  'narration.scheduler.bind':
    'The scheduler does not start anything itself: it POSTs a Binding that sets spec.nodeName of “{pod}” to {node}. The kubelet on {node} will see it through its watch.',
  'narration.scheduler.failed':
    'The scheduler found no node for Pod “{pod}”: {message} It records a FailedScheduling event and retries when the cluster changes.',
  'narration.scheduler.markUnschedulable':
    'The scheduler patches Pod “{pod}” with condition PodScheduled=False (reason Unschedulable): kubectl shows it as Pending.',
  'narration.scheduler.selectNode':
    'The scheduler annotates claim {pvc} with the selected node {node}, so the volume is provisioned there.',
  'narration.scheduler.preempt':
    'No node fits Pod “{pod}” (priority {priority}), so DefaultPreemption looks for Pods of lower priority whose removal would make room. On {node}, removing {victims} is enough: the scheduler nominates {node} for “{pod}” (status.nominatedNodeName) and preempts them.',
  'narration.scheduler.preemptCondition':
    'Before deleting “{pod}”, the scheduler marks it with condition DisruptionTarget=True (reason PreemptionByScheduler), so whoever reads it knows why it is going: it makes room for the higher-priority “{preemptor}”.',
  'narration.scheduler.preemptDelete':
    'The scheduler deletes the preempted Pod “{pod}” with its default grace period: the kubelet stops its containers, and once it is gone there is room on {node} for the preemptor, which the scheduler retries.',

  'narration.kubelet.runSandbox':
    'The kubelet sees Pod “{pod}” bound to its node. First the Pod sandbox: it calls RunPodSandbox on the container runtime over CRI, which creates the network namespace (pause container) and asks the CNI plugin for an IP.',
  'narration.kubelet.pullImage':
    'The image must be pulled: the kubelet asks the runtime to PullImage {image} for container “{container}” (one pull at a time per node).',
  'narration.kubelet.imageStatus':
    'Before creating container “{container}”, the kubelet asks the runtime (ImageStatus) whether {image} is already on this node; imagePullPolicy decides whether it must be pulled.',
  'narration.kubelet.createContainer':
    'The image is ready: the kubelet calls CreateContainer for “{container}” ({image}) inside the sandbox of Pod “{pod}”, with the command, env and mounts from the Pod spec.',
  'narration.kubelet.startContainer':
    'The kubelet calls StartContainer for “{container}” of Pod “{pod}”: the runtime starts its process.',
  'narration.kubelet.imageBackoff':
    'Pulling {image} failed recently, so the kubelet waits {wait} before trying again (the wait doubles each time, up to 5 min): container “{container}” shows ImagePullBackOff.',
  'narration.kubelet.crashLoop':
    'Container “{container}” of Pod “{pod}” exited again, so the kubelet waits {wait} before the next restart (10 s, 20 s, 40 s … up to 5 min): CrashLoopBackOff.',
  'narration.kubelet.configError':
    'The kubelet cannot build the configuration of container “{container}”: {message}. It does not create the container; the Pod shows CreateContainerConfigError until the object exists.',
  'narration.kubelet.nodeSchedulable':
    'At its node status sync the kubelet on {node} sees the change of spec.unschedulable and records {reason} on the Node.',
  'narration.kubelet.rejected':
    'Pod “{pod}” was bound to this node without the scheduler, and it does not fit: {message}. The kubelet rejects it ({reason}); the Pod fails and never runs.',
  'narration.kubelet.failedMount': 'The kubelet cannot mount volume “{volume}”: {message}',
  'narration.kubelet.started': 'Container “{container}” of Pod “{pod}” is running.',
  'narration.kubelet.readyTrue':
    'The readiness check of “{container}” passes, so the kubelet marks Pod “{pod}” Ready: it can now receive Service traffic.',
  'narration.kubelet.probeFailed': 'The kubelet probes container “{container}” of Pod “{pod}”: {summary}',
  'narration.kubelet.kill': 'The kubelet acts on a failed liveness probe: {summary}',
  'narration.kubelet.evict':
    'Node {node} has only {available} of memory left, below the kubelet’s hard eviction threshold (memory.available<100Mi): the kubelet evicts Pod “{pod}”, which uses more memory than it requested. The Pod fails with reason Evicted and is not restarted here.',
  'narration.kubelet.stopContainer':
    'Pod “{pod}” is being deleted: the kubelet asks the runtime to stop container “{container}” (SIGTERM, then SIGKILL after the grace period).',
  'narration.kubelet.stopSandbox':
    'The kubelet tears down the sandbox of Pod “{pod}” and the CNI plugin releases its IP {ip}.',
  'narration.kubelet.api.status': 'The kubelet’s status manager reports back to the API server: {summary}',
  'narration.kubelet.api.lease':
    'Heartbeat: the kubelet on {node} renews its Lease in kube-node-lease (every 10 s). The node-lifecycle controller uses it to tell live nodes from dead ones.',
  'narration.kubelet.api.node-status': 'The kubelet on {node} posts its node status: {summary}',
  'narration.kubelet.api.volume': 'The kubelet’s volume manager asks the API server for what a volume needs: {summary}',
  'narration.kubelet.api.env': 'The kubelet fetches what the container environment references: {summary}',
  'narration.kubelet.api.delete': 'The kubelet finishes the Pod’s deletion: {summary}',
  'narration.kubelet.api.relist': 'The kubelet re-lists its Pods from the API server: {summary}',

  'narration.runtime.ok': 'The container runtime (containerd) completes {call}: {summary}',
  'narration.runtime.error': 'The container runtime fails {call}: {error}',
  'narration.runtime.cniAdd':
    'containerd created the sandbox’s network namespace and now calls the CNI plugin (ADD) to give Pod “{pod}” an interface and an IP.',
  'narration.runtime.cniDel': 'containerd calls the CNI plugin (DEL) to release the network of Pod “{pod}”.',
  'narration.runtime.pause':
    'containerd-shim and runc start the pause container that holds the namespaces of Pod “{pod}”.',
  'narration.runtime.runc': 'runc creates the container process “{container}”: {cmd}.',
  'narration.runtime.runcAssumed':
    'runc creates the container process “{container}”: {cmd}. Podyssey does not know the image {image}, so it assumes a server that runs until stopped, listening on the container’s ports.',
  'narration.runtime.systemOom':
    'Container “{container}” has no memory limit below what {node} has, and took more memory than the node has: the kernel’s system-wide OOM killer ends it (exit code 137, reason OOMKilled), and the kubelet reports SystemOOM on the node.',
  'narration.runtime.oomKilled':
    'Container “{container}” used more memory than its limit: the kernel’s OOM killer ends it (SIGKILL, exit code 137), and containerd reports the reason OOMKilled.',
  'narration.runtime.died':
    'The process of container “{container}” exited with code {code}. The kubelet will notice on its next relist.',

  'narration.cni.added':
    'The CNI plugin allocated {ip} from the node’s Pod range {cidr}, set up the veth pair and routes, and hands the IP back to containerd for Pod “{pod}”.',
  'narration.cni.deleted': 'The CNI plugin released the IP of Pod “{pod}”.',

  'narration.kubeproxy.sync':
    'kube-proxy on {node} rewrote its iptables rules from the Services and EndpointSlices it watches: {services} Services, {endpoints} endpoints ({rejects} Services without endpoints get a REJECT rule).',

  'narration.user.command': 'You run: {command}',
  'narration.user.noHistory': 'kubectl rollout undo finds no earlier revision: error: no rollout history found.',
  'narration.user.reapply': 'You edit the manifest and run kubectl apply -f again.',
  'narration.exec.request':
    'kubectl exec asks the API server to open a stream into Pod “{pod}”: a POST to its exec subresource ({path}), upgraded to a WebSocket (v5.channel.k8s.io). The command travels in the URL, one command= per word.',
  'narration.exec.authorize':
    'kube-apiserver authenticates you and authorizes “create” on pods/exec (RBAC treats exec as creating a subresource), then runs admission. Nothing is written to etcd: ExecREST only looks up the Pod to find its node and the container “{container}”.',
  'narration.exec.completed':
    'kubectl read Pod “{pod}” first and refuses on its own: a completed Pod has no running container to exec into.',
  'narration.exec.refused': 'The API server refuses the exec and kubectl prints: {error}',
  'narration.exec.kubelet':
    'kube-apiserver proxies the upgraded connection to the kubelet on {node} (port 10250, path /exec/NAMESPACE/POD/CONTAINER). Exec, logs and port-forward are the requests that flow from the API server to a kubelet.',
  'narration.exec.notRunning':
    'The kubelet looks for a running container “{container}” in the Pod and has none (it has not started, or waits to restart): container not found.',
  'narration.exec.cri':
    'The kubelet calls the container runtime’s CRI Exec for “{command}” in container “{container}”; containerd answers with a streaming URL and the kubelet proxies the stream to it.',
  'narration.exec.runc':
    'containerd’s shim has runc exec “{command}” inside the container: a new process joins the container’s namespaces and cgroup beside its PID 1, with the container’s environment and filesystem. It exits with code {code}.',
  'narration.exec.notFound':
    'runc cannot start “{program}”: there is no such executable in the container’s filesystem (its image does not ship it). containerd reports “OCI runtime exec failed … executable file not found in $PATH”.',
  'narration.exec.stream':
    'The process’s stdout and stderr stream back from containerd to the kubelet, then the exit status on the error channel.',
  'narration.exec.streamBack':
    'The kubelet forwards the streams to the API server, which relays them to kubectl over the same connection.',
  'narration.exec.done': 'kubectl prints the command’s output. Exit code 0: nothing else is printed.',
  'narration.exec.exitCode':
    'kubectl prints the command’s output, then “command terminated with exit code {code}”, and exits with that code itself.',
  'narration.exec.failed':
    'The command never started: kubectl prints the runtime’s error (error executing command in container …).',

  'narration.fault.stop': '{summary}. Whatever it did no longer happens until it comes back.',
  'narration.fault.start': '{summary}. It re-lists what it watches and catches up.',
  'narration.fault.etcdMemberDown': 'Fault: etcd member {member} stops: {up} of {n} members are up.',
  'narration.fault.etcdMemberUp': 'etcd member {member} is back: {up} of {n} members are up.',
  'narration.fault.registryDown': 'Fault: the image registry is unreachable. Image pulls will fail.',
  'narration.fault.registryUp': 'The image registry answers again.',

  'narration.end.quiescent':
    'The run ends at t = {time} s: nothing is left to do. Every controller sees current state equal to desired state (or waits for something that will not come).',
  'narration.end.horizon':
    'The run ends at the {time} s horizon: something was still going on (a periodic sync, a restart back-off or a retry), so the cluster never went quiet by itself.',
  'narration.end.step-cap': 'The run stops at the step cap at t = {time} s.',
  // ---- Share, embed, languages, themes, story, export ----------------------------------------------
  'app.lang': 'Language',
  'app.theme': 'Theme: {theme}',
  'app.theme.system': 'system',
  'app.theme.light': 'light',
  'app.theme.dark': 'dark',
  'app.present': 'Present mode (large type, minimal chrome)',
  'app.share': 'Share',
  'app.embed': 'Embed',
  'share.title': 'Share and export',
  'share.link': 'Link to what you see',
  'share.copy': 'Copy link',
  'share.copyStep': 'Copy link to this step',
  'share.copied': 'Link copied.',
  'share.copyFailed': 'Copying failed: select the link and copy it yourself.',
  'share.length': '{count} characters',
  'share.tooLong':
    'Links over {max} characters may be cut off by chat apps and e-mail. Download the manifest instead and share the file.',
  'share.downloadYaml': 'Download the manifest (.yaml)',
  'share.export': 'Export',
  'share.exportTrace': 'Trace (JSON)',
  'share.importTrace': 'Import a trace (JSON)',
  'share.exportSvg': 'Diagram (SVG)',
  'share.exportPng': 'Diagram (PNG)',
  'share.imported': 'Replaying an imported trace: {count} steps, not re-simulated.',
  'share.importCancel': 'Cancel import',
  'share.importCancelled': 'Import cancelled.',
  'share.importProgress.reading': 'Reading the trace: {done} of {total} MB…',
  'share.importProgress.parsing': 'Parsing the trace…',
  'share.importProgress.loading': 'Loading steps: {done} of {total}…',
  'share.importError.tooLarge': 'That file is too large to import ({size} MB; the limit is {limit} MB).',
  'share.importError.unreadable': 'That file could not be read.',
  'share.importError.notJson': 'That file is not a Podyssey trace: it is not JSON.',
  'share.importError.notObject': 'That file is not a Podyssey trace: it is not a JSON object.',
  'share.importError.noSteps': 'That file is not a Podyssey trace: it has no "steps" list.',
  'share.importError.badStep': 'That file is not a Podyssey trace: step {step} is not a trace step.',
  'share.importError.noCluster': 'That file is not a Podyssey trace: it has no "cluster".',
  'share.importError.crashed': 'The import stopped: the browser ran out of memory, or the file is damaged.',
  'draft.replace.title': 'Replace your edits?',
  'draft.replace.body.import': 'The editor holds edits you have not run. Importing this trace replaces them.',
  'draft.replace.body.example': 'The editor holds edits you have not run. Loading this example replaces them.',
  'draft.replace.after': 'If you replace them, “Restore previous draft” brings them back.',
  'draft.replace.keep': 'Keep my edits',
  'draft.replace.confirm': 'Replace my edits',
  'draft.replaced': 'Your edits were replaced. They are kept as the previous draft.',
  'draft.restore': 'Restore previous draft',
  'draft.restoreHint': 'Swap the editor’s text with the draft it replaced last',
  'draft.conflict':
    'This draft was also edited in another tab. Both are kept: this tab’s edits are saved separately until you choose.',
  'draft.conflict.load': 'Load the other tab’s draft',
  'draft.conflict.keep': 'Keep this one',
  'draft.saveFailed.quota':
    'Your draft could not be saved in this browser (too large: {size} MB). It stays in the editor while this page is open; download it from Share to keep a copy.',
  'draft.saveFailed':
    'Your draft could not be saved in this browser (its storage is unavailable). It stays in the editor while this page is open.',
  'link.error': 'This link could not be opened: {message}',
  'link.ask.title': 'Open the shared manifest?',
  'link.ask.body':
    'This link brings its own manifest, and the editor holds unsaved work of yours. Opening the link replaces it; “Restore previous draft” brings it back.',
  'link.ask.open': 'Open the link',
  'link.ask.keep': 'Keep my edits',
  'stale.text': 'Manifest changed: the diagram still shows the run of the text applied before.',
  'app.stage': 'The run: diagram, narration and step controls',
  'embed.title': 'Embed in a web page',
  'embed.intro':
    'Paste this snippet into a course page. The page can drive the embed with postMessage (see the README).',
  'embed.width': 'Width',
  'embed.height': 'Height (px)',
  'embed.content': 'Content',
  'embed.content.current': 'The current manifest',
  'embed.lang': 'Language',
  'embed.theme': 'Theme',
  'embed.step': 'Start at step',
  'embed.autoSize': 'Auto-size with the helper script',
  'embed.steps': 'Steps',
  'embed.steps.all': 'Every step',
  'embed.controls': 'Controls',
  'embed.controls.full': 'full',
  'embed.controls.min': 'minimal',
  'embed.controls.none': 'none',
  'embed.snippet': 'Snippet',
  'embed.copy': 'Copy snippet',
  'embed.preview': 'Preview',
  'embed.frameTitle': 'Podyssey: Kubernetes, message by message',
  'embed.openFull': 'Open full',
  'embed.originError':
    'This embed is switched off: its origin= parameter “{value}” is not a bare origin such as https://course.example.org (no path, no default port, lower case, no spaces). The page around it cannot drive it or read from it until the snippet is fixed.',
  'embed.openFullHint': 'Open this in the full Podyssey app (new tab)',
  'story.title': 'Transcript of the run',
  'story.intro': 'Every step of the run in order. Print this page for a handout.',
  'story.print': 'Print',
  'story.step': 'Step {n}',
  'story.page': 'Steps {from}–{to} of {total}',
  'story.prevPage': 'Earlier steps',
  'story.nextPage': 'Later steps',
  'view.failed.title': 'This view cannot show this run.',
  'view.failed.body':
    'Something in the run (an imported trace, perhaps) is not what this view expects. The rest of the page still works: try another view, apply the manifest again or import another trace.',
  'editor.tabHint':
    'In the editor, Tab indents. Press Ctrl+M to switch Tab to moving the focus out of the editor (and back).',
  // ---- troubleshooting: where is it stuck, nodes, interventions, branches, clock jumps --------------
  'panel.stuck': 'Where is it stuck?',
  'panel.nodes': 'Nodes',
  'panel.intervene': 'Intervene',
  'panel.summary': 'Summary',
  'summary.intro':
    '{lines} kinds of message in {steps} steps. Each line gathers every step that carries the same message, from all over the run; open one to go to its steps.',
  'summary.line': '{from} → {to}: {what}',
  'summary.step': 'step {n}',
  'summary.steps': 'steps {first}–{last}',
  'summary.nodes_one': 'on {n} node',
  'summary.nodes_other': 'on {n} nodes',
  'summary.first': 'First',
  'summary.next': 'Next after this step',
  'summary.last': 'Last',
  'summary.more': 'Show {n} more',
  'summary.line.daemonset.createPod_one': 'The daemonset controller created {n} Pod',
  'summary.line.daemonset.createPod_other': 'The daemonset controller created {n} Pods',
  'summary.line.daemonset.status_one': 'The daemonset controller wrote a DaemonSet’s status once',
  'summary.line.daemonset.status_other': 'The daemonset controller wrote DaemonSet status {n} times',
  'summary.line.replication.createPod_one': 'The replicationcontroller created {n} Pod',
  'summary.line.replication.createPod_other': 'The replicationcontroller created {n} Pods',
  'summary.line.replicaset.createPod_one': 'The replicaset controller created {n} Pod',
  'summary.line.replicaset.createPod_other': 'The replicaset controller created {n} Pods',
  'summary.line.replicaset.status_one': 'The replicaset controller wrote a ReplicaSet’s status once',
  'summary.line.replicaset.status_other': 'The replicaset controller wrote ReplicaSet status {n} times',
  'summary.line.deployment.status_one': 'The deployment controller wrote a Deployment’s status once',
  'summary.line.deployment.status_other': 'The deployment controller wrote Deployment status {n} times',
  'summary.line.endpointslice.update_one': 'The endpointslice controller updated an EndpointSlice once',
  'summary.line.endpointslice.update_other': 'The endpointslice controller updated EndpointSlices {n} times',
  'summary.line.scheduler.selected_one': 'The scheduler chose a node for {n} Pod',
  'summary.line.scheduler.selected_other': 'The scheduler chose a node for {n} Pods',
  'summary.line.scheduler.bind_one': 'The scheduler bound {n} Pod to its node',
  'summary.line.scheduler.bind_other': 'The scheduler bound {n} Pods to their nodes',
  'summary.line.kubelet.runSandbox_one': 'Kubelets asked the container runtime for {n} Pod sandbox',
  'summary.line.kubelet.runSandbox_other': 'Kubelets asked the container runtime for {n} Pod sandboxes',
  'summary.line.runtime.cniAdd_one': 'The container runtime asked CNI to wire up {n} Pod network',
  'summary.line.runtime.cniAdd_other': 'The container runtime asked CNI to wire up {n} Pod networks',
  'summary.line.kubelet.pullImage_one': 'Kubelets asked for an image pull once',
  'summary.line.kubelet.pullImage_other': 'Kubelets asked for an image pull {n} times',
  'summary.line.kubelet.createContainer_one': 'Kubelets created {n} container',
  'summary.line.kubelet.createContainer_other': 'Kubelets created {n} containers',
  'summary.line.kubelet.startContainer_one': 'Kubelets started {n} container',
  'summary.line.kubelet.startContainer_other': 'Kubelets started {n} containers',
  'summary.line.kubelet.api.status_one': 'Kubelets reported a Pod’s status to the API server once',
  'summary.line.kubelet.api.status_other': 'Kubelets reported Pod status to the API server {n} times',
  'summary.line.etcd.put_one': 'The API server wrote to etcd once',
  'summary.line.etcd.put_other': 'The API server wrote to etcd {n} times',
  'summary.line.etcd.committed_one': 'etcd committed {n} write',
  'summary.line.etcd.committed_other': 'etcd committed {n} writes',
  'summary.line.apiserver.watch_one': 'The API server told {to} of {n} change (a watch event)',
  'summary.line.apiserver.watch_other': 'The API server told {to} of {n} changes (watch events)',
  'summary.line.kubeproxy.sync_one': 'kube-proxy rewrote its Service rules once',
  'summary.line.kubeproxy.sync_other': 'kube-proxy rewrote its Service rules {n} times',
  'stuck.firstLabel': 'The first link that has not progressed',
  'end.headline': 'The run ends',
  'end.label.quiescent': 'end: converged',
  'end.label.horizon': 'end: time horizon',
  'end.label.step-cap': 'end: step cap',
  'end.verdict.quiescent':
    'The run ends at t = {time} s with the journey stuck at {link}: nothing more will happen by itself.',
  'end.verdict.stopped': 'The run stops at t = {time} s with the journey stuck at {link}.',
  'end.verdict.why': '{component}: {what}',
  'end.verdict.check': 'On a real cluster:',
  'verdict.stuck': 'Stuck: {object} — {reason}',
  'verdict.done': 'Done: {ready}/{want} Pods Ready',
  'verdict.doneService': 'Service {service} has {count} ready endpoint(s)',
  'verdict.join': ', ',
  'end.verdict.open': 'Where is it stuck?',
  'stuck.scope.run': 'The run, at its end (step {n})',
  'stuck.scope.step': 'At the step on screen (step {n})',
  'stuck.title': 'Stuck at: {link}',
  'stuck.none': 'Nothing is stuck at this step: every link checked has progressed.',
  'stuck.nothingYet': 'Nothing to check yet at this step: no Deployment, Pod or Service is stored.',
  'stuck.inputError': 'kubectl did not send anything: {message}',
  'stuck.component': 'Component',
  'stuck.why': 'Why',
  'stuck.evidence': 'Evidence',
  'stuck.command': 'On a real cluster',
  'stuck.runIt': 'Run it in the kubectl panel',
  'stuck.jump': 'Go to step {n}, where it went wrong',
  'stuck.chain': 'The chain, link by link',
  'stuck.ok': 'OK',
  'stuck.stuck': 'Stuck',
  'stuck.link.kubectl': 'kubectl → kube-apiserver',
  'stuck.link.node': 'Node',
  'stuck.link.deployment': 'Deployment → ReplicaSet',
  'stuck.link.replicaset': 'ReplicaSet',
  'stuck.link.pods': 'ReplicaSet → Pods',
  'stuck.link.scheduled': 'Pod → node assigned',
  'stuck.link.sandbox': 'Sandbox',
  'stuck.link.image': 'Image',
  'stuck.link.containers': 'Containers',
  'stuck.link.ready': 'Ready',
  'stuck.link.endpoints': 'Service endpoints',
  'stuck.link.kube-proxy': 'kube-proxy rules',
  'stuck.link.hpa': 'HorizontalPodAutoscaler',
  'stuck.key.api.etcd': 'etcd lost quorum: writes time out.',
  'stuck.key.api.down': 'The API server is down.',
  'stuck.key.api.unauthorized': 'Bad credentials (401).',
  'stuck.key.api.forbidden': 'Not allowed by RBAC (403).',
  'stuck.key.api.noKind': 'Unknown apiVersion or kind.',
  'stuck.key.api.rejected': 'The API server rejected the object.',
  'stuck.key.stuck.nodeNotReady': 'A node is NotReady.',
  'stuck.key.stuck.noReplicaSet': 'No ReplicaSet was created.',
  'stuck.key.stuck.failedCreate': 'Pods cannot be created.',
  'stuck.key.stuck.podSecurity': 'PodSecurity admission refuses the Pods.',
  'stuck.key.stuck.podsMissing': 'Fewer Pods than wanted.',
  'stuck.key.stuck.unschedulable': 'No node fits the Pod.',
  'stuck.key.stuck.noScheduler': 'Nobody is scheduling the Pod.',
  'stuck.key.stuck.mount': 'A volume cannot be mounted.',
  'stuck.key.stuck.image': 'The image cannot be pulled.',
  'stuck.key.stuck.config': 'The container config refers to something missing.',
  'stuck.key.stuck.crashLoop': 'The container keeps crashing.',
  'stuck.key.stuck.creating': 'The Pod is still being created.',
  'stuck.key.stuck.kubeletSilent': 'The kubelet has not started the Pod.',
  'stuck.key.stuck.notReady': 'Running but not Ready.',
  'stuck.key.stuck.endpointsNotReady': 'The Service has no ready endpoints.',
  'stuck.key.stuck.hpaMetrics': 'The autoscaler gets no metrics.',
  'stuck.key.stuck.selectorMismatch': 'The Service selects no Pods.',
  'stuck.key.stuck.proxyStale': 'kube-proxy rules are stale.',
  'nodes.lease': 'Lease renewed {age} ago',
  'nodes.noLease': 'no Lease',
  'nodes.resource': 'Resource',
  'nodes.requested': 'Requested',
  'nodes.allocatable': 'Allocatable',
  'nodes.conditions': 'Conditions',
  'nodes.taints': 'Taints',
  'nodes.labels': 'Labels',
  'nodes.none': '<none>',
  'intervene.intro':
    'Do something at step {n}: the run forks here, the cluster reacts from this point, and the original stays one click away.',
  'intervene.forking': 'Re-simulating from the nearest checkpoint…',
  'intervene.pods': 'Pods',
  'intervene.pod': 'Pod',
  'intervene.deletePod': 'Delete Pod',
  'intervene.execCommand': 'Command',
  'intervene.exec': 'kubectl exec',
  'intervene.deployments': 'Deployments',
  'intervene.deployment': 'Deployment',
  'intervene.replicas': 'Replicas',
  'intervene.scale': 'Scale',
  'intervene.image': 'Image of {container}',
  'intervene.setImage': 'Set image',
  'intervene.undo': 'Rollout undo',
  'intervene.nodes': 'Nodes',
  'intervene.node': 'Node',
  'intervene.cordon': 'Cordon',
  'intervene.uncordon': 'Uncordon',
  'intervene.drain': 'Drain',
  'intervene.taintKey': 'Taint key',
  'intervene.taintValue': 'Taint value',
  'intervene.taintEffect': 'Taint effect',
  'intervene.taint': 'Taint',
  'intervene.components': 'Components and faults',
  'intervene.component': 'Component',
  'intervene.stop': 'Stop',
  'intervene.start': 'Start',
  'intervene.registryDown': 'Make the image registry unreachable',
  'intervene.registryUp': 'Make the image registry reachable',
  'intervene.manifest': 'Manifest',
  'intervene.reapplyHint': 'Edit the manifest in the editor, then re-apply it here (kubectl prints "configured").',
  'intervene.reapply': 'Re-apply the edited manifest at this step',
  'branch.label': 'Branches',
  'branch.original': 'Original run',
  'branch.fork': 'Fork at step {n}: {action}',
  'branch.forkMark': 'Fork point: step {n}',
  'time.jump': '⏩ +{wait}',
  'time.jumpLabel': 'The next step comes {wait} later (virtual time; the wait is compressed)',
  'time.jumpMark': 'Clock jump: +{wait}',

  // ---- troubleshooting: CNI faults, intervention and branch shortcuts ----
  'narration.cni.missing':
    'containerd runs the CNI plugin chain ({command}) for Pod “{pod}”, but the {plugin} plugin cannot run: libcni finds no {plugin} binary in {dir}. The call fails and containerd reports the error back over CRI.',
  'stuck.key.stuck.sandboxNetwork': 'The Pod network cannot be set up: the CNI plugin fails.',
  'stuck.key.stuck.sandbox': 'The Pod sandbox cannot be created.',
  'app.help.interventions': 'Open the Intervene panel',
  'app.help.nextBranch': 'Switch to the next branch',
  'app.help.originalBranch': 'Back to the original run',
  // ---- repeated messages grouped (large runs) ----
  'ctl.group': 'Group repeated messages',
  'ctl.groupHint':
    'Step over a run of identical messages (such as one EndpointSlice change sent to the kube-proxy of every node) as one stop',
  'group.summary': '×{count}: the same message on {nodes} nodes (steps {first}–{last}), stepped over as one',
  'group.summaryNoNodes': '×{count}: the same message (steps {first}–{last}), stepped over as one',
  'group.expand': 'Show each',

  // ---- diagram: node tiles for large clusters ----
  'diagram.tiles.title_one': '{count} node',
  'diagram.tiles.title_other': '{count} nodes',
  'diagram.tiles.hint': 'one tile per node · select a tile to inspect its Node',
  'diagram.tile.controlPlane': 'control plane',
  'diagram.tile.pods_one': '{count} Pod · {ready} Ready',
  'diagram.tile.pods_other': '{count} Pods · {ready} Ready',
  'diagram.tile.failing_one': '{count} failing',
  'diagram.tile.failing_other': '{count} failing',
  'diagram.tile.active': 'active: {parts}',
  'diagram.tile.label': 'Node {node}: {summary}. Show it in Objects',
  'sim.progress': '— {steps} steps so far, cluster clock at {clock} s',
} as const satisfies Record<string, string>;
