/**
 * 繁體中文（台灣）catalog. Every key of en.ts, with the same {placeholders}. Kubernetes terms (Pod, ReplicaSet,
 * resourceVersion, RunPodSandbox…) stay in English; the intro glosses the main ones on first use.
 */
import type { Catalog } from '../translate';

// Key parity with en.ts is checked by locales.test.ts (a missing key or a changed {placeholder} fails it).
const zhTW: Catalog = {
  // ---- chrome ------------------------------------------------------------------------------------------------
  'app.name': 'Podyssey',
  'app.tagline': '從 kubectl apply 到 Pod 跑起來，一則訊息一則訊息看懂',
  'app.version': 'Kubernetes {version}',
  'app.examples': '範例',
  'app.help': '鍵盤快捷鍵',
  'app.viewDiagram': '架構圖',
  'app.viewStory': '文字稿',
  'app.viewSequence': '循序圖',
  'app.centerView': '主畫面',
  'app.close': '關閉',
  'app.intro.title': '這是在看什麼？',
  'app.intro.body':
    '按下「套用」，Podyssey 會模擬一個小型叢集（一個 control plane（控制平面）加三個 worker 節點）如何回應編輯器中的 manifest（資源描述檔）。每一個箭頭都是一則真實的訊息，從 kubectl 一路到 kube-proxy；最後跑起來的是 Pod（Kubernetes 最小的部署單位），由 Deployment（管理版本與副本的控制器物件）和 ReplicaSet（維持 Pod 數量的物件）負責維持數量。用 ← → 逐步檢視、按空白鍵播放，看看每個元件收到什麼、做了什麼決定、又交給了誰。',
  'app.intro.dismiss': '了解',
  'app.intro.show': '這是在看什麼？',
  'app.gallery.title': '範例情境',
  'app.gallery.intro':
    '每個範例都是一份 manifest（有時加上一個故障），各自說明一個重點。載入範例會取代編輯器裡的內容。',
  'app.gallery.load': '載入',
  'app.gallery.family.journey': '完整旅程',
  'app.gallery.family.pending': '一直 Pending 的 Pod',
  'app.gallery.family.containers': '啟動失敗的容器',
  'app.gallery.family.probes': 'Probe 健康檢查',
  'app.gallery.family.network': '網路',
  'app.gallery.family.rollout': '滾動更新',
  'app.gallery.family.faults': '故障',
  'app.gallery.family.access': '存取控制',
  'app.gallery.family.validation': '被拒絕的 manifest',
  'app.gallery.family.batch': 'Job 與 CronJob',
  'app.gallery.family.storage': '儲存',
  'app.gallery.family.workloads': 'DaemonSet 與其他工作負載',
  // ---- diagnosis reasons (`diag.<key>`; English in src/engine/diagnose/reasons.ts) --------------------------
  'diag.apiEtcd': 'API server 接受了請求，卻無法寫入 etcd：etcd 失去了 quorum（多數派），每一次寫入都失敗',
  'diag.apiDown': 'kubectl 連不上 API server：kube-apiserver 沒有在執行，或沒有在監聽',
  'diag.apiUnauthorized': '驗證失敗（401）：API server 不接受 kubeconfig 裡的憑證',
  'diag.apiForbidden': '授權失敗（403）：RBAC 不允許這個使用者這麼做',
  'diag.apiNoKind':
    'API server 不提供這個 apiVersion/kind（已移除、拼錯，或是它的 CustomResourceDefinition 尚未安裝或還沒 Established）',
  'diag.apiRejected': 'API server 拒絕了這個物件（驗證或准入控制），所以什麼都沒有存下來',
  'diag.nodeNotReady': '節點 {node} 是 NotReady：{message}',
  'diag.noReplicaSet':
    'Deployment 已存下，卻沒有任何 ReplicaSet：deployment controller 還沒處理它（kube-controller-manager 有在執行嗎？）',
  'diag.replicaSetCreated': '已建立 ReplicaSet',
  'diag.failedCreate': 'ReplicaSet controller 無法建立 Pod：{message}',
  'diag.podSecurity':
    'namespace 強制執行「{level}」Pod 安全標準（標籤 pod-security.kubernetes.io/enforce），而 Pod 範本違反了它（{violations}），所以 API server 拒絕 ReplicaSet 建立的每一個 Pod',
  'diag.podsMissing': 'ReplicaSet 要 {want} 個 Pod，目前只有 {have} 個',
  'diag.podsCreated': '已建立 {have}/{want} 個 Pod',
  'diag.unschedulable': '沒有節點放得下：{message}',
  'diag.noScheduler': 'Pod 沒有綁定到節點，也沒有 FailedScheduling 事件：kube-scheduler 有在執行嗎？',
  'diag.bound': '已綁定到 {node}',
  'diag.sandboxNetwork':
    'RunPodSandbox 在 {node} 上失敗：CNI 外掛出錯，containerd 無法為 Pod 設定網路，所以 Pod 拿不到 IP、停在 ContainerCreating；kubelet 每 10–15 秒重試一次',
  'diag.sandbox': 'RunPodSandbox 在 {node} 上失敗：{message}',
  'diag.mount': '{message}',
  'diag.image': '映像檔 {image} 拉不下來（{reason}）',
  'diag.config': '容器 {container} 無法建立：{message}',
  'diag.crashLoop': '容器 {container} 一再結束（exit code {code}，{reason}）；kubelet 以越來越長的退避時間重新啟動它',
  'diag.creating': '容器 {container} 還在建立中（{reason}）',
  'diag.kubeletSilent': '已綁定到 {node}，但 kubelet 還沒回報任何狀態',
  'diag.notReadyProbe': '執行中但未就緒（not Ready）：{message}',
  'diag.notReady': '執行中但未就緒（not Ready）（{reason}）',
  'diag.ready': '執行中且已就緒（Ready）',
  'diag.endpointsNotReady':
    'Service {service} 選到 {count} 個 Pod，但沒有一個就緒，所以它的 EndpointSlice 沒有就緒的端點',
  'diag.selectorMismatch':
    'Service {service} 選的是 {selector}，卻沒有 Pod 帶這些 label：它的 EndpointSlice 一直是空的',
  'diag.endpoints': '{count} 個就緒端點',
  'diag.hpaMetrics':
    'HorizontalPodAutoscaler {hpa} 算不出副本數（ScalingActive=False，{reason}），所以永遠不會擴縮：{message}',
  'diag.proxyStale':
    '{node} 上的 kube-proxy 只為 {service} 設定了 {count} 個就緒端點中的 {jumps} 個：它的規則過期了（那裡的 kube-proxy 有在執行嗎？）',
  // ---- scenarios (`scenario.<id>.title|lesson`; English in src/scenarios/*Scenarios.ts) ------------------------
  'scenario.happy-path.title': 'nginx Deployment（3 個副本）加上一個 Service',
  'scenario.happy-path.lesson':
    'kubectl → apiserver → etcd → Deployment 與 ReplicaSet controller → 排程器 → 三個節點上的 kubelet、runtime 和 CNI → EndpointSlice → 每個節點上的 kube-proxy 規則。',
  'scenario.seed-web-2-replicas.title': '心智模型文章裡的 web Deployment（2 個副本）',
  'scenario.seed-web-2-replicas.lesson': '最小的 Deployment：兩個副本分散在三個 worker 中的兩個。',
  'scenario.seed-nginx-3-replicas.title': '「三個 nginx Pod」，映像檔沒有指定 tag',
  'scenario.seed-nginx-3-replicas.lesson':
    '映像檔沒寫 tag 就等於 :latest，所以 imagePullPolicy 預設為 Always，每次啟動都要連到映像檔倉庫。',
  'scenario.bare-pod.title': '單獨的 Pod 和 Deployment 並存，接著兩邊各刪掉一個 Pod',
  'scenario.bare-pod.lesson':
    '單獨建立的 Pod 刪掉就沒了；Deployment 底下的 Pod 被刪掉，ReplicaSet controller 會補建一個新的。',
  'scenario.namespace-and-init-container.title': '新的 namespace，以及帶有 init container 的 Pod',
  'scenario.namespace-and-init-container.lesson':
    'ServiceAccount controller 會先替新的 namespace 建立 default ServiceAccount，Pod 才能通過准入；init container 必須執行完畢，應用程式的容器才會啟動（先是 Init:0/1，接著是 PodInitializing）。',
  'scenario.pending-insufficient-cpu.title': 'Pending：資源請求比任何節點都大（cpu）',
  'scenario.pending-insufficient-cpu.lesson':
    '沒有任何 worker 有 3 顆 CPU：每個節點都過不了 NodeResourcesFit，control plane 節點則被它的 taint 擋下，所以排程器回報 FailedScheduling，Pod 一直停在 Pending。',
  'scenario.pending-insufficient-memory.title': 'Pending：記憶體不夠',
  'scenario.pending-insufficient-memory.lesson': 'requests 是預留量：就算 4Gi 的節點上什麼都沒跑，也放不下 6Gi。',
  'scenario.pending-untolerated-taint.title': 'Pending：每個 worker 都有 taint',
  'scenario.pending-untolerated-taint.lesson': 'NoSchedule taint 會把 Pod 擋在外面，除非 Pod 能容忍（toleration）它。',
  'scenario.pending-node-selector.title': 'Pending：nodeSelector 找不到相符的節點',
  'scenario.pending-node-selector.lesson':
    'nodeSelector 要求 disktype=ssd，但沒有節點帶這個 label，所以 NodeAffinity 把所有節點都排除了。',
  'scenario.preemption-respects-pdb.title': '搶占時挑選沒有受 PodDisruptionBudget 保護的受害者',
  'scenario.preemption-respects-pdb.lesson':
    '兩個 worker 都快滿了：node-1 跑著受 PodDisruptionBudget（minAvailable 1）保護的 db Pod，node-2 跑著沒有任何保護的 batch Pod。兩者優先順序都是 0，所以對 urgent Pod 來說哪個節點都可以。DefaultPreemption 會逐一計算每個節點上「驅逐後會違反 budget」的受害者數量（db 的 disruptionsAllowed 是 0），並偏好數量最少的節點：它搶占 node-2 上的 batch Pod，放過 db。這裡的 budget 只是盡力而為：如果 db 是唯一的候選，它一樣會被搶占。',
  'scenario.priority-preemption.title': '搶占（Preemption）：高優先順序的 Pod 驅逐低優先順序的 Pod 來騰出空間',
  'scenario.priority-preemption.lesson':
    '只有一個 worker，幾乎被一個低優先順序的 batch Pod 佔滿。urgent Pod（PriorityClass critical，數值 1000000）在哪裡都放不下，所以排程器執行 DefaultPreemption：在 node-1 上，只要移除 batch Pod 就夠了。它為 urgent Pod 提名 node-1（status.nominatedNodeName），替 batch Pod 加上 DisruptionTarget 條件（PreemptionByScheduler），刪除它並記錄 Preempted 事件。等它消失，urgent Pod 在下一次嘗試就被排上；batch ReplicaSet 補上的替代 Pod 則停在 Pending，因為沒有比它優先順序更低的 Pod 可以搶占。',
  'scenario.pending-host-port.title': 'Pending：hostPort 衝突',
  'scenario.pending-host-port.lesson': '四個副本都要用 hostPort 8080，可是只有三個 worker：第四個無處可去。',
  'scenario.pending-pvc-missing-storageclass.title': 'Pending：PVC 指定了不存在的 StorageClass',
  'scenario.pending-pvc-missing-storageclass.lesson':
    'claim 一直是 Pending（ProvisioningFailed），用到它的 Pod 因此無法排程：「pod has unbound immediate PersistentVolumeClaims」。',
  'scenario.pvc-dynamic-provisioning.title': '等到第一個使用者出現才佈建的 PersistentVolumeClaim',
  'scenario.pvc-dynamic-provisioning.lesson':
    '預設的 StorageClass 會等到有 Pod 要用：排程器先選好節點並註記在 claim 上，local-path provisioner 再到那個節點建立 volume，最後 Pod 才完成綁定。',
  'scenario.image-pull-backoff.title': 'ErrImagePull → ImagePullBackOff（tag 打錯字）',
  'scenario.image-pull-backoff.lesson':
    'nginx:1.27-alpne 不存在：映像檔倉庫回應「not found」，kubelet 隔 10 秒、20 秒、40 秒……重試，間隔最長 5 分鐘。',
  'scenario.crashloop-exit-1.title': 'CrashLoopBackOff：command 以 exit 1 結束',
  'scenario.crashloop-exit-1.lesson':
    '容器一啟動就結束；kubelet 先立刻重啟一次，之後每次多等一些：10 秒、20 秒、40 秒……（CrashLoopBackOff）。',
  'scenario.oom-killed.title': 'OOMKilled：記憶體用量超過上限',
  'scenario.oom-killed.lesson':
    'Kubernetes 文件裡的記憶體範例：stress 在 100Mi 的上限下配置 250M。核心的 OOM killer 結束容器（結束代碼 137，原因 OOMKilled），kubelet 以退避方式重啟它：CrashLoopBackOff。',
  'scenario.kubectl-exec.title': 'kubectl exec：進入執行中的容器',
  'scenario.kubectl-exec.lesson':
    'kubectl exec 的路徑是 kubectl → kube-apiserver（以 create pods/exec 授權，etcd 不存任何東西）→ Pod 所在節點的 kubelet → runtime 的 CRI Exec，runc 在容器裡、在它的 PID 1 旁邊啟動指令：它看得到容器的環境變數、檔案與主機名稱。結束碼不是 0 時會印出「command terminated with exit code N」；busybox 沒有 bash，所以 runc 無法啟動它。',
  'scenario.memory-pressure-eviction.title': 'Evicted：沒有記憶體上限的容器吃光節點記憶體',
  'scenario.memory-pressure-eviction.lesson':
    '沒有上限，就沒有東西能在節點的 4Gi 之前擋住這個容器，而 stress 用掉其中的 4000Mi。當 memory.available 低於 100Mi，kubelet 回報 MemoryPressure，節點被加上 memory-pressure:NoSchedule taint，用量超出請求最多的 Pod 被驅逐：phase 為 Failed，原因 Evicted。它的 ReplicaSet 建立替代的 Pod，它落到另一個節點後也被驅逐，直到每個 worker 節點都有 taint，下一個替代的 Pod 只能停在 Pending。',
  'scenario.missing-secret.title': 'CreateContainerConfigError：Secret 不存在',
  'scenario.missing-secret.lesson': '映像檔拉得下來，但 env 參照了不存在的 Secret，容器無法完成設定。',
  'scenario.failed-mount-configmap.title': 'FailedMount：ConfigMap volume 不存在',
  'scenario.failed-mount-configmap.lesson':
    'kubelet 無法準備好 volume，所以 Pod 一直拿不到 sandbox：它停在 ContainerCreating，並出現 FailedMount 事件。',
  'scenario.job-completes.title': 'Job 把一個 Pod 執行到完成',
  'scenario.job-completes.lesson':
    'job controller 建立一個帶有 job-tracking finalizer 的 Pod；容器以 0 結束後 Pod 變成 Completed，controller 計數它（先記進 uncountedTerminatedPods，再移除 finalizer，最後 succeeded: 1），並先標上 SuccessCriteriaMet，再標上 Complete。',
  'scenario.job-backoff-limit.title': '一直失敗的 Job 達到 backoff limit',
  'scenario.job-backoff-limit.lesson':
    '每個 Pod 都以 1 結束。job controller 在退避時間後替換失敗的 Pod，退避時間會加倍（10 秒、再 20 秒）；第三次失敗超過 backoffLimit: 2，所以 Job 先得到 FailureTarget，再變成 Failed，reason 是 BackoffLimitExceeded。',
  'scenario.cronjob-every-minute.title': 'CronJob 的三分鐘',
  'scenario.cronjob-every-minute.lesson':
    'cronjob controller 在虛擬時鐘每一分鐘剛過時醒來，依 jobTemplate 建立 Job hello-<距 1970 年的分鐘數>，並記下 lastScheduleTime；Job 完成後它會看到（SawCompletedJob）並設定 lastSuccessfulTime。',
  'scenario.readiness-wrong-port.title': 'Running 卻不是 Ready：readiness probe 檢查錯了 port',
  'scenario.readiness-wrong-port.lesson':
    'nginx 聽的是 80，probe 卻去連 8080：連線被拒，所以 Pod 是 Running 0/1，也不會成為 Service 的 endpoint。',
  'scenario.liveness-exec.title': 'Liveness probe 觸發重啟（Kubernetes 文件裡的 exec probe 範例）',
  'scenario.liveness-exec.lesson':
    '容器在 30 秒後刪掉 /tmp/healthy；liveness probe 連續失敗三次，kubelet 就重啟這個容器。',
  'scenario.service-no-endpoints.title': '沒有 endpoint 的 Service（selector 不相符），旁邊是修正過的版本',
  'scenario.service-no-endpoints.lesson':
    'Service「web-typo」選的是 app=webb：它的 EndpointSlice 一直是空的，kube-proxy 對它的 ClusterIP 設下 REJECT 規則；「web」選的是 app=web，拿到三個 endpoint。',
  'scenario.nodeport-service.title': 'NodePort 類型的 Service',
  'scenario.nodeport-service.lesson':
    'apiserver 在 30000–32767 之間配置一個 port；每個節點上的 kube-proxy 都會把它轉送到 endpoint。',
  'scenario.scale-up-down.title': '先擴充到 5 個副本，再縮減到 2 個',
  'scenario.scale-up-down.lesson':
    '調整副本數只會改動 ReplicaSet 的 replicas；真正建立或刪除 Pod 的是 ReplicaSet controller。',
  'scenario.crd-and-resource-in-one-file.title': '同一個檔案裡的 CRD 和它的第一個自訂資源',
  'scenario.crd-and-resource-in-one-file.lesson':
    'kubectl apply 會先把檔案裡每一份文件都對應到 API 資源，才套用第一份；所以即使上面的 CRD 建立成功了，CronTab 還是出現「no matches for kind」：要等 naming 和 establishing controller 接受名稱之後，API server 才會提供 crontabs。再套用一次同一個檔案就會成功：CRD 沒有變更（unchanged），CronTab 被建立，replicas 由 schema 的預設值補上。',
  'scenario.statefulset-ordered-start.title': '依序啟動的 StatefulSet，每個 Pod 都有自己的磁碟區',
  'scenario.statefulset-ordered-start.lesson':
    'statefulset controller 一次建立一個 Pod：web-0、web-1、web-2。每個 Pod 先建立自己的 PersistentVolumeClaim www-web-N，再建立 Pod；前一個 Pod Running 且 Ready 之後才建立下一個序號。headless Service 讓每個 Pod 都有固定的 DNS 名稱，例如 web-0.nginx.default.svc.cluster.local。',
  'scenario.statefulset-rolling-update.title': 'StatefulSet 滾動更新，從最大序號開始',
  'scenario.statefulset-rolling-update.lesson':
    '新的映像檔產生新的 ControllerRevision；controller 先刪除 web-2，等替代的 Pod Ready 後再處理 web-1，最後是 web-0。每個 Pod 回來時名稱和 claim 都不變，所以資料在更新後依然保留。',
  'scenario.rolling-update.title': '滾動更新到新的映像檔，然後回滾',
  'scenario.rolling-update.lesson':
    '新的 template 會產生新的 ReplicaSet；在 maxSurge 1、maxUnavailable 0 的設定下，Deployment 每次先加一個新 Pod，再移除一個舊的。',
  'scenario.delete-namespace.title': '刪除 namespace：Terminating、清空、finalize，然後消失',
  'scenario.delete-namespace.lesson':
    'kubectl delete namespace 只是把 shop 標記為 Terminating；namespace controller 刪除其中的所有東西，Pod 由各自的 kubelet 停止，任何新物件都會被拒絕；等 shop 完全清空，controller 才移除它的「kubernetes」finalizer，namespace 隨之消失。',
  'scenario.kubelet-stopped.title': '節點的 kubelet 停止：NotReady、taint、驅逐，再補上替代的 Pod',
  'scenario.kubelet-stopped.lesson':
    'node-2 不再續約 Lease；50 秒後 node controller 把它標為 Unknown 並加上 taint；再過 300 秒，上面的 Pod 被驅逐，ReplicaSet 在別的節點建立替代的 Pod。',
  'scenario.apiserver-down.title': 'kube-apiserver 停擺：kubectl 失敗，已在執行的 Pod 照常運作',
  'scenario.apiserver-down.lesson':
    '所有元件都透過 apiserver 溝通：它一停，kubectl 的請求被拒，什麼都無法自動修復，但已經在執行的容器完全不受影響。',
  'scenario.etcd-one-member-down.title': 'etcd 三個成員少了一個：照樣運作',
  'scenario.etcd-one-member-down.lesson': '3 個成員的 quorum 是 2：只剩兩個成員時，寫入仍然可以提交。',
  'scenario.etcd-quorum-lost.title': 'etcd 三個成員少了兩個：寫入失敗',
  'scenario.etcd-quorum-lost.lesson':
    '沒有 quorum 就什麼都寫不進去：kubectl 收到「etcdserver: request timed out」，新的工作無法開始，已在執行的 Pod 照常運作。',
  'scenario.scheduler-down.title': 'kube-scheduler 停擺：Pod 一直 Pending，卻沒有 FailedScheduling',
  'scenario.scheduler-down.lesson':
    'Pod 已經建立，卻沒有人把它綁定到節點上，也沒有任何 Event 說明原因：少了 Scheduled 事件，正是線索所在。',
  'scenario.controller-manager-down.title': 'kube-controller-manager 停擺：Deployment 存進去了，之後就沒有下文',
  'scenario.controller-manager-down.lesson':
    'apiserver 接受並儲存了 Deployment，但沒有任何 controller 為它建立 ReplicaSet 或 Pod。',
  'scenario.kube-proxy-down.title': '某個節點的 kube-proxy 停擺：它的規則過時了',
  'scenario.kube-proxy-down.lesson':
    'node-1 的 kube-proxy 在 Service 的 endpoint 就緒前就停了：其他節點都設定好 endpoint，node-1 卻還留著舊的 REJECT 規則。',
  'scenario.registry-unreachable.title': '連不上映像檔倉庫',
  'scenario.registry-unreachable.lesson':
    '拉取映像檔逾時；Pod 停在 ErrImagePull / ImagePullBackOff，直到倉庫恢復回應為止。',
  'scenario.cni-stopped.title': '某個節點的 CNI 外掛故障：FailedCreatePodSandBox',
  'scenario.cni-stopped.lesson':
    'node-2 上的 Pod 已經排程，卻一直停在 ContainerCreating：containerd 無法執行 CNI 外掛，RunPodSandbox 失敗，kubelet 每 10–15 秒重試一次。`kubectl describe pod` 會列出 FailedCreatePodSandBox 事件；CNI 恢復後，sandbox 拿到 IP，Pod 就啟動了。',
  'scenario.unauthorized.title': '401：kubeconfig 的憑證無效',
  'scenario.unauthorized.lesson': '第一關是身分驗證（authentication）：token 不對，後面的檢查根本不會進行。',
  'scenario.forbidden.title': '403：RBAC 允許 jane 檢視，但不允許建立',
  'scenario.forbidden.lesson':
    'jane 可以 get deployments（ClusterRole view），所以 apply 的 GET 會成功，但 create 被禁止。',
  'scenario.forbidden-get.title': '第一個請求就 403：jane 沒有任何角色',
  'scenario.forbidden-get.lesson':
    'kubectl apply 一開始會先送出 GET，所以最先失敗的是「retrieving current configuration」。',
  'scenario.deny-latest-tag.title': 'ValidatingAdmissionPolicy 拒絕 :latest',
  'scenario.deny-latest-tag.lesson':
    'Validating admission 在驗證之後執行；這條政策拒絕 tag 為 latest（或沒寫 tag）的映像檔。',
  'scenario.sidecar-injection.title': 'Mutating webhook 注入 sidecar',
  'scenario.sidecar-injection.lesson':
    'template 裡只有一個容器，Pod 最後卻有兩個：mutating admission 在寫入途中修改了它們。',
  'scenario.priorityclass-missing.title': 'Priority admission：不存在的 PriorityClass',
  'scenario.priorityclass-missing.lesson':
    'Priority admission 外掛會把 priorityClassName 換算成 spec.priority。拼錯的 class 名稱會被以 403 Forbidden 拒絕，什麼都不會儲存；指定真正存在的 class 的 Pod 則拿到它的數值。',
  'scenario.limitrange-defaults.title': 'LimitRanger：替沒有設定資源的 Pod 補上預設 requests 與 limits',
  'scenario.limitrange-defaults.lesson':
    'Pod 沒有要求任何 CPU 或記憶體，儲存後卻有 requests 和 limits：LimitRanger admission 外掛把 namespace 裡 LimitRange 的預設值複製進去，並在 kubernetes.io/limit-ranger annotation 中註明。',
  'scenario.quota-exceeded.title': 'ResourceQuota：只允許兩個 Pod 的 quota 下跑 3 個副本的 Deployment',
  'scenario.quota-exceeded.lesson':
    'Admission 會把每個新 Pod 計入 quota，並以 403 Forbidden 拒絕會超出上限的那一個。ReplicaSet 把拒絕轉成 FailedCreate 事件，並以 back-off 持續重試：它停在 3 個中的 2 個。',
  'scenario.podsecurity-restricted.title': 'PodSecurity：在 restricted namespace 裡部署一般的 nginx Deployment',
  'scenario.podsecurity-restricted.lesson':
    'namespace 強制執行 restricted Pod 安全標準，也對它發出警告。kubectl apply 印出一則警告，但 Deployment 仍被建立：PodSecurity 對 Pod 範本只會警告。它真正強制檢查的是 Pod，所以 ReplicaSet 每次嘗試建立 Pod 都被以 403 Forbidden 拒絕，ReplicaSet 記下 FailedCreate，Deployment 停在 0/1。修正要改在 Pod spec：runAsNonRoot、seccomp profile、禁止權限提升、丟棄所有 capabilities。',
  'scenario.invalid-selector.title': '被拒絕：selector 與 template 的 label 不相符',
  'scenario.invalid-selector.lesson': '驗證在 mutating admission 之後執行；apiserver 回應 422，什麼都沒有儲存。',
  'scenario.unknown-field.title': '被拒絕：欄位名稱拼錯（strict decoding）',
  'scenario.unknown-field.lesson': 'kubectl 要求嚴格的欄位驗證，所以「replica」會被當成錯誤，而不是默默被忽略。',
  'scenario.removed-api.title': '被拒絕：叢集已不再提供的 API 版本',
  'scenario.removed-api.lesson':
    'batch/v1beta1 的 CronJob 在 v1.25 就被移除了：kubectl 的 discovery 找不到這種 kind，所以什麼都不會送出。',
  'scenario.daemonset-taint-untaint.title': 'DaemonSet 跟著節點被加上、移除 taint',
  'scenario.daemonset-taint-untaint.lesson':
    'DaemonSet 控制器在每個工作節點上各放一個 Pod（control-plane 的 taint 讓它避開那個節點），排程器再把每個 Pod 指派到它的親和性指定的節點。node-2 加上 NoExecute taint 後，上面的 Pod 被驅逐，也不會補上新的；taint 移除後，控制器又在那裡建立 Pod。',
  'scenario.replicationcontroller-nginx.title': 'ReplicationController 維持三個 nginx Pod',
  'scenario.replicationcontroller-nginx.lesson':
    '較舊的 ReplicationController 由和 ReplicaSet 控制器相同的程式碼執行：清點自己擁有的 Pod、補建缺少的，並以 replication-controller 的名義記錄 Event。它的 selector 是單純的標籤對應表，沒寫時會由範本的標籤預設帶入。',
  'scenario.drain-blocked-by-pdb.title': 'kubectl drain 被 PodDisruptionBudget 擋住',
  'scenario.drain-blocked-by-pdb.lesson':
    'drain 先 cordon node-1，再向 eviction API 要求驅逐上面的 web Pod。PodDisruptionBudget 需要 2 個健康的 Pod，目前正好 2 個，所以每次驅逐都得到 429 TooManyRequests；kubectl 每 5 秒重試一次，直到 --timeout 為止，節點始終沒有被排空。',
  'scenario.hpa-without-metrics-server.title': '沒有 metrics-server 的 HPA',
  'scenario.hpa-without-metrics-server.lesson':
    'kind 預設沒有 metrics-server，所以 HPA controller 每 15 秒向資源指標 API 查詢都得到 404：FailedGetResourceMetric、FailedComputeMetricsReplicas、ScalingActive 為 False，kubectl get hpa 顯示 cpu: <unknown>/50%。副本數永遠不會改變。',
  'scenario.hpa-with-metrics-server.title': '有 metrics-server 的 HPA：擴充，然後是穩定視窗',
  'scenario.hpa-with-metrics-server.lesson':
    '安裝 metrics-server 後，負載產生器讓 php-apache 的 CPU 遠超過 50% 的目標，HPA 在幾次同步內把它擴充。刪除負載產生器後用量立刻下降，但 HPA 會沿用最近 5 分鐘內最高的建議值，之後才縮回 1 個。',
  'app.help.title': '鍵盤快捷鍵',
  'app.help.note': '焦點不在編輯器時快捷鍵才有作用。在編輯器裡按 Ctrl+Enter（⌘+Enter）即可套用。',
  'app.help.next': '下一步',
  'app.help.prev': '上一步',
  'app.help.play': '播放／暫停',
  'app.help.firstLast': '第一步／最後一步',
  'app.help.phase': '下一個／上一個階段',
  'app.help.speed': '放慢／加快',
  'app.help.help': '顯示這份說明',
  'app.help.apply': '套用 manifest（在編輯器中）',
  'app.compact.editor': 'Manifest',
  'app.compact.inspect': '檢視',
  'app.skip': '跳到播放控制',

  // ---- editor ------------------------------------------------------------------------------------------------
  'editor.title': 'Manifest',
  'editor.yourManifest': '你的 manifest',
  'editor.apply': '套用',
  'editor.applyHint': 'kubectl apply -f manifest.yaml（Ctrl+Enter）',
  'editor.loading': '正在載入編輯器…',
  'editor.ariaLabel': 'YAML manifest 編輯器',
  'editor.output': 'kubectl 輸出',
  'editor.outputEmpty': '按「套用」，對模擬叢集執行 kubectl apply -f manifest.yaml。',
  'editor.saved': '草稿已儲存在這個瀏覽器',
  'editor.reset': '還原',
  'editor.resetHint': '還原成範例原本的 manifest',
  'editor.metricsServer': 'metrics-server',
  'editor.metricsServerHint':
    '叢集選項，下次 Apply 時生效：安裝 metrics-server（kind 預設沒有），讓 kubectl top 與 HorizontalPodAutoscaler 取得 CPU 與記憶體用量',
  'editor.problems_one': '{count} 個問題',
  'editor.problems_other': '{count} 個問題',

  // ---- simulation status --------------------------------------------------------------------------------------
  'sim.running': '模擬中… {seconds} 秒',
  'sim.failed': '模擬失敗：{message}',
  'sim.idle': '按「套用」把 manifest 送到模擬叢集。',
  'sim.applyNow': '套用 manifest',
  'sim.inputError': 'kubectl 無法讀取這份 manifest，所以沒有送出任何東西到叢集。',

  // ---- playback controls -------------------------------------------------------------------------------------
  'ctl.first': '第一步',
  'ctl.prev': '上一步',
  'ctl.play': '播放',
  'ctl.pause': '暫停',
  'ctl.next': '下一步',
  'ctl.last': '最後一步',
  'ctl.prevPhase': '上一個階段',
  'ctl.nextPhase': '下一個階段',
  'ctl.speed': '速度',
  'ctl.speedValue': '{speed}×',
  'ctl.counter': '{n} / {total}',
  'ctl.counterLabel': '第 {n} 步，共 {total} 步',
  'ctl.clock': 't = {seconds} 秒',
  'ctl.clockLabel': '虛擬時間',
  'ctl.legend': '圖例',
  'ctl.legendBackground': '背景步驟（心跳、lease；顏色較淡）',
  'ctl.legendJump': '長時間等待：時鐘跳過',
  'ctl.timeline': '時間軸',
  'ctl.keySteps': '關鍵步驟',
  'ctl.keyStepsHint':
    '旅程的各個章節，每種只出現一次：apply、准入控制、etcd、控制器、排程、kubelet、容器執行環境、就緒、端點，以及出錯的那一步。關閉後可逐一走過每則訊息。',
  'ctl.keyStepsCount': '{count} / {total}',
  'ctl.background': '背景步驟',
  'ctl.backgroundHint': 'Lease 續約和其他例行工作。關閉時會略過這些步驟。',
  'ctl.follow': '追蹤 Pod',
  'ctl.followAll': '所有步驟',
  'ctl.filtered': '符合的步驟：{count} 個',
  'ctl.clockJump': '{seconds} 秒後',

  // ---- phases ------------------------------------------------------------------------------------------------
  'phase.submit': '送出',
  'phase.admission': '准入',
  'phase.persist': '寫入',
  'phase.reconcile': '調和',
  'phase.schedule': '排程',
  'phase.run': '執行',
  'phase.network': '網路',
  'phase.status': '狀態',
  'phase.fault': '故障',
  'phase.user': '使用者',

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
  'comp.role.kubectl': '你的用戶端',
  'comp.role.kube-apiserver': '通往 etcd 的唯一入口',
  'comp.role.etcd': '叢集的記憶',
  'comp.role.kube-controller-manager': '調和迴圈',
  'comp.role.kube-scheduler': '挑選節點',
  'comp.role.kubelet': '執行節點上的 Pod',
  'comp.role.container-runtime': 'CRI',
  'comp.role.cni': 'Pod 網路',
  'comp.role.kube-proxy': 'Service 規則',
  'diagram.stopped': '已停止',
  'diagram.stuckHere': '卡在這裡',
  'diagram.node.notReadyHint': '這個節點的 Ready 狀況是 {ready}',
  'diagram.node.taints': 'taint ×{count}',
  'diagram.label': '叢集架構圖',
  'diagram.userMachine': '你的電腦',
  'diagram.controlPlane': 'Control plane',
  'diagram.node': '節點 {node}',
  'diagram.controlPlaneNode': 'control-plane 節點',
  'diagram.workerNode': 'worker',
  'diagram.pods': 'Pod',
  'diagram.noPods': '還沒有 Pod',
  'diagram.systemPods_one': '+{count} 個系統 Pod',
  'diagram.systemPods_other': '+{count} 個系統 Pod',
  'diagram.pending': '尚未排程',
  'diagram.podGroup': '{name} ×{count}',
  'diagram.ready': 'Ready',
  'diagram.notReady': '未 Ready',
  'diagram.podLabel': 'Pod {name}：{status}，{ready} 個容器 Ready',
  'diagram.fit': '縮放至全圖',
  'diagram.active': '作用中',
  'sequence.label': '循序圖：每個元件一條泳道，每一步一個箭頭',

  // ---- narration panel ----------------------------------------------------------------------------------------
  'narr.label': '解說',
  'narr.empty': '目前還沒有可以解說的內容。按「套用」開始。',
  'narr.background': '背景',
  'narr.internal': '{component} 做出決定',
  'narr.message': '{from} → {to}',
  'narr.source': '來自你的 manifest：{path}',
  'narr.events': '記錄的 Event',

  // ---- inspectors ---------------------------------------------------------------------------------------------
  'panel.label': '檢視器',
  'panel.objects': '物件',
  'panel.etcd': 'etcd',
  'panel.events': 'Event',
  'panel.kubectl': 'kubectl',
  'panel.scheduler': '排程器',
  'panel.noRun': '套用 manifest 之後就能檢視叢集。',
  'panel.objects.tree': '擁有關係',
  'panel.objects.spec': 'spec',
  'panel.objects.status': 'status',
  'panel.objects.none': '請選擇一個物件。',
  'panel.objects.noStatus': '（還沒有 status）',
  'panel.objects.changed': '在這一步有變更',
  'panel.etcd.keys': '/registry 底下的 key',
  'panel.etcd.revision': 'revision {revision}',
  'panel.etcd.changedHere': '由這一步寫入',
  'panel.etcd.deleted': '（在這一步被刪除）',
  'panel.etcd.filter': '篩選 key',
  'panel.etcd.select': '選擇一個 key 來看它的值。',
  'panel.events.for': '{name} 的 Event',
  'panel.events.namespace': 'Namespace',
  'panel.events.allNamespaces': '所有 namespace（-A）',
  'panel.events.clear': '顯示全部',
  'panel.kubectl.prompt': '輸入唯讀的 kubectl 指令',
  'panel.kubectl.placeholder': 'kubectl get pods -o wide',
  'panel.kubectl.run': '執行',
  'panel.kubectl.asOf': '第 {n} 步當下',
  'panel.kubectl.hint':
    '試試看：get pods · get deploy,rs,pods -o wide · get pods -l app=web --show-labels · describe pod <name> · logs <pod> --previous · get events · rollout status deploy/<name> · explain deploy.spec · auth can-i create pods',
  'panel.scheduler.none':
    '這一步不是排程決策。請移到 kube-scheduler 的「排程」步驟，看看每個節點為什麼被選中或被排除。',
  'panel.scheduler.jump': '跳到最近的排程決策',
  'panel.scheduler.pod': '正在排程 Pod {pod}',
  'panel.scheduler.node': '節點',
  'panel.scheduler.filter': '過濾',
  'panel.scheduler.scores': '評分',
  'panel.scheduler.total': '總分',
  'panel.scheduler.passed': '通過',
  'panel.scheduler.notEvaluated': '未評估',
  'panel.scheduler.winner': '選中',
  'panel.scheduler.noFit': '沒有適合的節點：{message}',

  // ---- narration templates, by engine key ---------------------------------------------------------------------
  'narration.fallback': '{summary}',

  'narration.kubectl.get':
    'kubectl 讀取你的 manifest，先向 API server 查詢線上的 {kind}「{name}」（{path}）。查詢結果決定 apply 要建立物件還是修補（patch）它。',
  'narration.kubectl.create':
    '這個 {kind} 還不存在，所以 kubectl 送出整個物件：{path}。API server 會依序進行身分驗證、授權、准入、驗證，然後寫入。',
  'narration.kubectl.patch':
    '{kind}「{name}」已經存在，所以 kubectl 會在你的 manifest、上次套用的設定（last-applied）與線上物件之間做三方合併，只送出差異：{path}。',
  'narration.kubectl.update': 'kubectl 送出更新後的 {kind}「{name}」：{path}。',
  'narration.kubectl.delete': 'kubectl 請 API server 刪除 {kind}「{name}」：{path}。',
  'narration.kubectl.unchanged':
    'kubectl 比對了你的 manifest 和線上物件：沒有任何差異，所以不送 patch，只印出「{name} unchanged」。',
  'narration.kubectl.noMatch':
    'API server 在 {version} 沒有提供 {kind} 這種 kind，kubectl 無法把這份文件對應到任何資源，所以在送出前就停下來了。',
  'narration.kubectl.noMatchCrdInFile':
    'kubectl 會先把檔案裡每一份文件都對應到 API 資源，才開始套用第一份。那個時候 API server 還沒有提供 {version} 的 {kind}：定義它的 CustomResourceDefinition 就在同一個檔案裡，當時還沒建立。所以 kubectl 不會送出這份文件；等 CRD 變成 Established 之後，再套用一次同一個檔案就會成功。',
  'narration.kubectl.discovery': '{summary}',

  'narration.kubectl.drain.node':
    'kubectl drain 先讀取 Node「{name}」（{path}）：已經 cordon 的節點不會再 patch 一次。',
  'narration.kubectl.drain.cordon':
    'kubectl drain 先 cordon 這個節點：用 patch 把 spec.unschedulable 設為 true（{path}），scheduler 就不會再把新的 Pod 放上來。',
  'narration.kubectl.drain.pods':
    'kubectl drain 列出綁定在這個節點上的 Pod（{path}）；除了 DaemonSet 的 Pod（--ignore-daemonsets）和 mirror Pod，全部都要驅逐。',
  'narration.kubectl.drain.daemonset':
    'kubectl drain 讀取 DaemonSet「{name}」（{path}），確認它管理的 Pod 仍然有所屬的 DaemonSet；這些 Pod 會被略過，因為 DaemonSet 會再把它們建回來。',
  'narration.kubectl.drain.evict':
    'kubectl drain 要求驅逐（evict）而不是刪除 Pod「{name}」：以 policy/v1 Eviction 呼叫 {path}。只有在 PodDisruptionBudget 還允許一次中斷時，API server 才會刪除這個 Pod。',
  'narration.kubectl.drain.poll':
    '驅逐已被接受；kubectl drain 每秒讀取一次 Pod「{name}」（{path}），直到它消失，再印出「pod/{name} evicted」。',
  'narration.apiserver.authn':
    '身分驗證（authentication）：請求帶著使用者「{user}」（群組 {groups}）的用戶端憑證。API server 現在知道是誰在發出請求。',
  'narration.apiserver.authnFailed': '身分驗證失敗：憑證無效，API server 連物件都不看，直接回應 401 Unauthorized。',
  'narration.apiserver.authz':
    '授權（RBAC）：這個使用者可以對 {resource} 執行 {verb} 嗎？可以，依據是 {via}。請求接著進入准入（admission）階段。',
  'narration.apiserver.authzDenied':
    '授權（RBAC）找不到任何 Role 或 ClusterRole 的綁定允許「{user}」對 {resource} 執行 {verb}，所以 API server 回應 403 Forbidden，物件完全不會被儲存。',
  'narration.apiserver.mutated': 'Mutating admission（變更型准入）：{plugins} 在儲存前修改了物件：{changes}。',
  'narration.apiserver.mutatingDenied':
    'Mutating admission（變更型准入）：{plugin} admission 外掛拒絕這個請求，所以 API server 回應 403 Forbidden，什麼都不儲存：{message}',
  'narration.apiserver.mutatedNothing': 'Mutating admission（變更型准入）：沒有任何外掛需要修改這個物件。',
  'narration.apiserver.valid':
    '驗證（validation）：{kind}「{name}」格式正確（必填欄位、格式、不可變欄位都沒問題），可以儲存。',
  'narration.apiserver.invalid':
    '驗證失敗，共有 {count} 個欄位錯誤：API server 以 422 Unprocessable Entity 拒絕這個物件，逐一列出有問題的欄位，什麼都不儲存。',
  'narration.apiserver.stored.noController':
    '{kind} {name} 已像真正的 API server 那樣儲存起來，但 Podyssey 還沒有模擬 {kind} 的 controller：沒有任何元件會處理它。',
  'narration.apiserver.stored.noIngressController':
    '{kind} {name} 已儲存，但這個叢集沒有執行任何 ingress controller（全新的 kind 叢集也沒有）：沒有元件讀取它、不會分配位址，也不會轉送任何流量。在真正的叢集中要先安裝 ingress controller 才會生效。',
  'narration.apiserver.stored.noNetworkPolicy':
    '{kind} {name} 已儲存，但 Podyssey 還沒有模擬會執行 NetworkPolicy 的網路外掛：這裡進出 Pod 的流量不會被過濾。',
  'narration.apiserver.stored.crd':
    '{kind} {name} 是自訂資源（custom resource）：API server 依照它的 CustomResourceDefinition，把它以 JSON 存進 etcd。這個叢集沒有執行負責它的 controller（operator 會監看並處理它），所以之後不會再發生什麼事。',
  'narration.apiserver.stored.inert':
    '{kind} {name} 已儲存。{kind} 本身不會讓任何元件採取行動，在真正的叢集中也一樣：它是留給其他物件和用戶端讀取的。',
  'narration.apiserver.crdNamesAccepted':
    'apiextensions-apiserver 的 naming controller（在 kube-apiserver 裡執行）確認群組中沒有其他 CRD 使用複數名稱「{plural}」或 kind {kind}：NamesAccepted=True（NoConflicts）。它把名稱複製到 status.acceptedNames，並把 status 寫進 etcd。',
  'narration.apiserver.crdNamesConflict':
    'apiextensions-apiserver 的 naming controller 拒絕 {name} 的名稱：{message}。NamesAccepted=False，所以這個資源永遠不會被提供。',
  'narration.apiserver.crdEstablished':
    'establishing controller 把 {name} 標記為 Established（InitialNamesAccepted）。從現在起 API server 提供 /apis/{group}/…/{plural}，discovery 會列出它，kubectl 也能對應這種 kind 的文件。',
  'narration.apiserver.crdFinalizing':
    'CRD {name} 正在刪除：finalizer customresourcecleanup.apiextensions.k8s.io 讓它先留著，kube-apiserver 裡的 finalizer controller 會刪除它的 {count} 個自訂資源（{plural}），接著移除 finalizer，CRD 才真正消失。',
  'narration.apiserver.crPruned':
    'API server 在儲存這個自訂資源之前，會修剪（prune）掉 CRD schema 沒有定義的欄位（{fields}）：它們會被默默丟掉。',
  'narration.apiserver.jsonPatchFailed':
    'JSON patch（RFC 6902）無法套用到已儲存的物件：{error}。整個 patch 被拒絕（422），什麼都沒有改變。',
  'narration.apiserver.dryRun':
    '試執行（?dryRun=All）：{kind} {name} 像一般寫入一樣經過 admission 與驗證，但不寫入 etcd。回應的是它本來會被儲存的樣子。',
  'narration.apiserver.reviewAnswered':
    '{kind} 是一個提問，而不是要保存的物件：API server 把答案寫在回傳物件的 status 裡（201 Created），etcd 中什麼都不儲存。',
  'narration.apiserver.vapOk': 'Validating admission（驗證型准入）：每一條政策都接受這個物件。下一站：etcd。',
  'narration.apiserver.vapDenied':
    'Validating admission（驗證型准入）：{summary}。API server 拒絕這個請求，什麼都不儲存。',
  'narration.apiserver.quotaDenied':
    'Validating admission（驗證型准入）：ResourceQuota 外掛把這個物件會用到的量加上 namespace 目前的用量，發現超過 quota，所以 API server 回應 403 Forbidden，什麼都不儲存：{message}',
  'narration.apiserver.quotaCharged':
    'Validating admission（驗證型准入）：ResourceQuota 外掛把 {kind} {name} 計入 namespace 的 quota，並在儲存物件之前先把新的用量寫進 quota：{quotas}。',
  'narration.apiserver.podSecurityDenied':
    'Validating admission（驗證型准入）：PodSecurity 外掛用 namespace 強制執行的等級（pod-security.kubernetes.io/enforce 標籤）檢查這個 Pod，發現有該等級禁止的欄位，所以 API server 回應 403 Forbidden，什麼都不儲存：{message}',
  'narration.apiserver.podSecurityWarned':
    'Validating admission（驗證型准入）：PodSecurity 外掛用 namespace 要警告的等級（pod-security.kubernetes.io/warn）檢查 {kind} {name}，發現違規。它不拒絕請求，而是在回應裡加上一則警告，kubectl 會印出「Warning: {warning}」。',
  'narration.apiserver.podSecurityLabels':
    'Validating admission（驗證型准入）：PodSecurity 外掛讀取 namespace 的 pod-security.kubernetes.io 標籤，其中有一個寫的不是它認得的等級或版本，所以 API server 回應 422 Invalid，什麼都不儲存：{message}',
  'narration.apiserver.podSecurityExistingPods':
    'Validating admission（驗證型准入）：namespace {name} 換上新的強制等級，所以 PodSecurity 外掛檢查裡面已經存在的 Pod。它不會動這些 Pod（強制只作用在新建立的 Pod），但會對新等級會拒絕的那些發出警告：{warning}',
  'narration.apiserver.decodeFailed':
    '解碼：請求內容對不上這個 API 版本的 Go 型別（有未知欄位或型別錯誤）。{summary}。API server 回應 400 Bad Request，什麼都不儲存。',
  'narration.apiserver.nsTerminating':
    'namespace {ns} 正在刪除中，所以 NamespaceLifecycle admission 外掛拒絕在其中建立任何新物件：403 Forbidden。',
  'narration.apiserver.nsImmortal': 'NamespaceLifecycle admission 外掛永遠不允許刪除 namespace {ns}：403 Forbidden。',
  'narration.apiserver.nsMissing': '這個 namespace 不存在，所以 API server 回應 404 Not Found：{message}',
  'narration.resourcequota.status':
    'resource-quota controller 重新計算 namespace 內物件的用量，寫入 ResourceQuota {quota} 的 status（已用/上限）：{usage}。',
  'narration.kcm.relist':
    'kube-controller-manager 重新啟動，快取是空的：它的 {kind} informer 先送出 LIST 取得所有 {kind}，用回應填好快取，再從那個 resourceVersion 開始 WATCH 變化。所有 informer 都同步完成後，控制器才開始工作。',
  'narration.apiserver.ok': 'API server 對 {what} 回應 {code} {reason}。',
  'narration.apiserver.error': 'API server 回應 {code} {reason}：{message}',
  'narration.apiserver.evictionRefused':
    'eviction 子資源在這裡擋下：{why}。驅逐 Pod「{pod}」會違反 PodDisruptionBudget「{pdb}」，所以 API server 回應 429 TooManyRequests（「Cannot evict pod as it would violate the pod’s disruption budget.」），什麼都不改；kubectl drain 會在 5 秒後重試。',
  'narration.apiserver.evictionFailed': '驅逐 Pod「{pod}」失敗，回應 {code}：{why}。',
  'narration.apiserver.evictionAllowed':
    '允許驅逐 Pod「{pod}」：{why}。API server 把這個 Pod 標上 DisruptionTarget=True（EvictionByEvictionAPI），再以優雅刪除的方式刪掉它。',
  'narration.apiserver.watch':
    'Watch 事件：API server 通知正在 watch {kind} 物件的 {to}：{kind}「{name}」已被 {type}（resourceVersion {rv}）。對方更新自己的 informer 快取，然後做出反應。',

  'narration.etcd.put':
    'API server 是 etcd 唯一的用戶端：它把 {kind}「{name}」寫到 key {key}。etcd 的 leader 會把這筆寫入複製給各個 follower。',
  'narration.etcd.delete': 'API server 從 etcd 刪除 key {key}（{kind}「{name}」）。',
  'narration.etcd.committed':
    'etcd 已提交這筆寫入：{n} 個成員中有 {acks} 個確認（quorum 需要 {quorum} 個）。叢集的 revision 現在是 {revision}，它就成為這個物件的 resourceVersion。',
  'narration.etcd.conflict':
    'etcd 拒絕這筆寫入：寫入者讀取之後物件已經變了（resourceVersion 不符）。API server 回應 409 Conflict，寫入者必須拿最新資料重試。',
  'narration.etcd.noQuorum':
    '{n} 個 etcd 成員只有 {up} 個在線，而寫入需要 {quorum} 個：沒有 quorum，etcd 什麼都無法提交，API server 的寫入會卡住並逾時。',

  'narration.deployment.createRS':
    'deployment controller 發現 Deployment「{deploy}」的 Pod 範本（hash {hash}）還沒有對應的 ReplicaSet，於是建立 ReplicaSet「{rs}」，replicas 為 {replicas}。',
  'narration.deployment.scaleRS':
    'deployment controller 把 ReplicaSet「{rs}」從 {from} 個副本調整為 {to} 個，以符合 Deployment「{deploy}」。',
  'narration.deployment.revision':
    'deployment controller 把 ReplicaSet「{rs}」標記為 Deployment「{deploy}」目前的 revision，所以 Deployment 執行的就是它的 Pod 範本。',
  'narration.deployment.status':
    'deployment controller 寫入 Deployment 的 status：{ready} 個 ready、{available} 個 available。kubectl get deploy 讀的正是這些欄位。',

  'narration.replicaset.createPod':
    'replicaset controller 清點符合 ReplicaSet「{rs}」的 Pod：比想要的 {replicas} 個少，所以建立一個 Pod（這批共 {batch} 個，slow-start 逐步加量）。這個 Pod 還沒有節點。',
  'narration.replicaset.deletePod':
    'ReplicaSet「{rs}」的 Pod 比想要的 {replicas} 個多，所以 replicaset controller 刪除 Pod「{pod}」。',
  'narration.replicaset.status':
    'replicaset controller 寫入 ReplicaSet「{rs}」的 status：{replicas} 個 Pod，{ready} 個 ready，{available} 個 available。',

  'narration.statefulset.createRevision':
    'statefulset controller 找不到保存 StatefulSet「{sts}」Pod 範本的 ControllerRevision，於是把範本存成 ControllerRevision「{revision}」（第 {number} 版）。每個 Pod 的 controller-revision-hash 標籤都會帶著這個名稱。',
  'narration.statefulset.renumberRevision':
    'StatefulSet「{sts}」的範本和較舊的 ControllerRevision「{revision}」相同，也就是回滾。statefulset controller 不另存新版，而是把那個版本重新編為第 {number} 版。',
  'narration.statefulset.createClaim':
    'StatefulSet「{sts}」的 Pod「{pod}」要掛載 volumeClaimTemplates 的磁碟區，所以 statefulset controller 先建立它的 PersistentVolumeClaim「{claim}」。無論 {pod} 重建幾次，這個 claim 的名稱和資料都不變。',
  'narration.statefulset.createFirstPod':
    'statefulset controller 建立 StatefulSet「{sts}」的第一個序號 Pod「{pod}」。這個固定的名稱也是它的 hostname；透過 headless Service「{service}」，它的 DNS 名稱是 {dns}。',
  'narration.statefulset.createPod':
    '「{prev}」已經 Running 且 Ready，因此（OrderedReady）statefulset controller 建立下一個序號的 Pod「{pod}」，透過 headless Service「{service}」取得 DNS 名稱 {dns}。',
  'narration.statefulset.createPodParallel':
    'StatefulSet「{sts}」使用 podManagementPolicy Parallel：statefulset controller 不等其他序號，直接建立 Pod「{pod}」。它的 DNS 名稱是 {dns}。',
  'narration.statefulset.deleteCondemned':
    'StatefulSet「{sts}」現在只要 {replicas} 個副本，statefulset controller 從最大的序號開始刪除：Pod「{pod}」。除非保留政策設為 Delete，它的 PersistentVolumeClaim 會留下來。',
  'narration.statefulset.deleteForUpdate':
    '滾動更新：Pod「{pod}」不是版本「{revision}」，statefulset controller 刪除它（從最大序號開始），再用新範本以同樣的名稱、同樣的磁碟區重建。',
  'narration.statefulset.deleteFailedPod':
    'StatefulSet「{sts}」的 Pod「{pod}」已經結束（{phase}）；statefulset controller 刪除它，好用同樣的名稱重新建立。',
  'narration.statefulset.claimOwnedBySet':
    'persistentVolumeClaimRetentionPolicy whenDeleted: Delete——statefulset controller 把 StatefulSet「{sts}」設為 claim「{claim}」的擁有者，StatefulSet 刪除時垃圾回收器會一併刪除這個 claim。',
  'narration.statefulset.claimOwnedByPod':
    'persistentVolumeClaimRetentionPolicy whenScaled: Delete——Pod「{pod}」即將因縮減而刪除，statefulset controller 把它設為 claim「{claim}」的擁有者；Pod 消失後垃圾回收器就會刪除這個 claim。',
  'narration.statefulset.deleteRevision':
    'StatefulSet「{sts}」只保留 revisionHistoryLimit 個舊版本；statefulset controller 刪除已經沒有 Pod 使用的 ControllerRevision「{revision}」。',
  'narration.statefulset.status':
    'statefulset controller 寫入 StatefulSet「{sts}」的 status：{replicas} 個 Pod，{ready} 個 ready，{current} 個在目前版本，{updated} 個在更新版本。kubectl get sts 的 READY 欄就是讀這裡。',
  'narration.daemonset.createRevision':
    'daemonset controller 找不到保存 DaemonSet「{ds}」目前 Pod 範本的 ControllerRevision，所以記錄一個新的：第 {revision} 版「{name}」。它的雜湊值會成為 Pod 的 controller-revision-hash 標籤。',
  'narration.daemonset.renumberRevision':
    'DaemonSet「{ds}」的範本又回到 ControllerRevision「{name}」保存的那一版（回滾），所以 daemonset controller 把它改成第 {revision} 版。',
  'narration.daemonset.createPod':
    '節點 {node} 應該執行 DaemonSet「{ds}」的 Pod（selector、affinity 與 taint 都允許）卻還沒有，所以 daemonset controller 建立一個（這批共 {batch} 個，slow-start 逐步加量），並用 matchFields 節點親和性把它綁定在 {node}：排程器會把它指派到那裡。',
  'narration.daemonset.deletePod.notEligible':
    '節點 {node} 有 DaemonSet「{ds}」無法容忍的 NoExecute taint（或不再符合它的 selector），所以 daemonset controller 刪除那裡的 Pod「{pod}」。',
  'narration.daemonset.deletePod.update':
    'DaemonSet「{ds}」滾動更新中：{node} 上的 Pod「{pod}」是舊版本，而 maxUnavailable 還允許再少一個節點的 Pod，所以 daemonset controller 刪除它，接著會建立新的 Pod。',
  'narration.daemonset.deletePod.failed':
    '{node} 上 DaemonSet「{ds}」的 Pod「{pod}」失敗了，所以 daemonset controller 刪除它，好讓新的 Pod 取代。',
  'narration.daemonset.deletePod.extra':
    '節點 {node} 上有不只一個 DaemonSet「{ds}」的 Pod，所以 daemonset controller 保留最舊的，刪除「{pod}」。',
  'narration.daemonset.deletePod.orphaned':
    'DaemonSet「{ds}」的 Pod「{pod}」在等待已經不存在的節點 {node}，所以 daemonset controller 刪除它。',
  'narration.daemonset.deleteRevision':
    'DaemonSet「{ds}」只保留 revisionHistoryLimit 個舊版本，所以 daemonset controller 刪除沒有 Pod 使用的 ControllerRevision「{name}」。',
  'narration.daemonset.status':
    'daemonset controller 寫入 DaemonSet「{ds}」的 status：應有 {desired} 個節點執行、實際 {current} 個、{ready} 個 ready、{updated} 個為最新版本、{available} 個 available。kubectl get ds 讀的正是這些欄位。',

  'narration.replication.createPod':
    'replicationcontroller（為舊型資源執行的 ReplicaSet 控制器）清點 ReplicationController「{rs}」的 Pod：比想要的 {replicas} 個少，所以建立一個 Pod（這批共 {batch} 個，slow-start 逐步加量）。這個 Pod 還沒有節點。',
  'narration.replication.deletePod':
    'ReplicationController「{rs}」的 Pod 比想要的 {replicas} 個多，所以 replicationcontroller 刪除 Pod「{pod}」。',
  'narration.replication.status':
    'replicationcontroller 寫入 ReplicationController「{rs}」的 status：{replicas} 個 Pod，{ready} 個 ready，{available} 個 available。',

  'narration.endpoint.create':
    'endpoints controller 為其 Service 寫入舊版 Endpoints「{svc}」：{ready} 個就緒、{notReady} 個未就緒的位址。',
  'narration.endpoint.update':
    'Service「{svc}」後面的某個 Pod 有變動，所以 endpoints controller 更新 Endpoints「{svc}」：{ready} 個 ready、{notReady} 個未 ready。',
  'narration.endpoint.delete': 'Service「{svc}」已刪除，所以 endpoints controller 刪除它的 Endpoints。',
  'narration.endpointslice.create':
    'endpointslice controller 看到 Service「{svc}」，寫入一個 EndpointSlice，列出符合其 selector 且 ready 的 Pod（目前 {count} 個 endpoint）。',
  'narration.endpointslice.update':
    'Service「{svc}」後面的某個 Pod 有變動，所以 endpointslice controller 更新 EndpointSlice「{slice}」：{count} 個 endpoint，{ready} 個 ready。',
  'narration.endpointslice.delete': 'endpointslice controller 刪除不再需要的 EndpointSlice「{slice}」。',

  'narration.serviceaccount.create':
    'serviceaccount controller 看到新的 namespace {ns}，為它建立「default」ServiceAccount：{ns} 裡的 Pod 要先有它，apiserver 才會准入。',
  'narration.serviceaccount.rootCA':
    'root-ca-cert-publisher 把叢集 CA 放進 namespace {ns} 的 ConfigMap kube-root-ca.crt，讓那裡的 Pod 能驗證 API server。',

  'narration.namespace.deleteCollection':
    'namespace {ns} 正在終止，所以 namespace controller 對整個集合送出一個 DELETE，刪除其中所有的 {resource}（{count} 個）：Pod 只會被標記為優雅刪除，由各自的 kubelet 停止。',
  'narration.namespace.statusRemaining':
    'namespace controller 在 {ns} 的 conditions 記下還剩下的資源（{remaining}），稍後再檢查一次：namespace 必須等內容清空才能刪除。',
  'narration.namespace.statusEmpty':
    'namespace {ns} 裡已經什麼都不剩：namespace controller 更新它的 conditions（所有內容都已移除）。',
  'narration.namespace.finalize':
    'namespace {ns} 已經清空，所以 namespace controller 透過 finalize 子資源移除它的「kubernetes」finalizer；沒有 finalizer 之後，API server 就把這個 namespace 刪除。',

  'narration.job.createPod':
    'job controller 數了 Job「{job}」的 active Pod：比需要的少（parallelism {parallelism}、completions {completions}），所以依照 template 建立一個 Pod，並加上 batch.kubernetes.io/job-tracking finalizer，確保 Pod 在被計數之前不會消失。',
  'narration.job.createIndexedPod':
    'Indexed Job「{job}」的完成索引 {index}（共 {completions} 個）還沒有 Pod，所以 job controller 建立一個：索引寫在它的 annotation、label、hostname 和 JOB_COMPLETION_INDEX 環境變數裡。',
  'narration.job.deletePod':
    'job controller 刪除 Job「{job}」的 Pod「{pod}」：這個 Job 被暫停、已經結束，或 Pod 比需要的多。',
  'narration.job.status':
    'job controller 寫入 Job「{job}」的 status：{active} 個 active、{succeeded} 個成功、{failed} 個失敗；{uncounted} 個已結束的 Pod 先記在 uncountedTerminatedPods，等 finalizer 移除後才計入。',
  'narration.job.statusCondition':
    'job controller 為 Job「{job}」加上 {condition} condition（reason {reason}）。SuccessCriteriaMet 和 FailureTarget 先出現，此時 Pod 還在計數；等沒有東西要計數了，才接著加上 Complete 或 Failed。',
  'narration.job.removeFinalizer':
    'Pod「{pod}」已經記入 Job「{job}」的 status，所以 job controller 移除它的 batch.kubernetes.io/job-tracking finalizer：之後刪掉這個 Pod 也不會少算。',
  'narration.cronjob.createJob':
    'CronJob「{cronjob}」的排程「{schedule}」在 {time} 到期，cronjob controller 建立 Job「{job}」：名稱是排定時間距 1970 年的分鐘數，所以同一個時間不會啟動兩個 Job。',
  'narration.cronjob.deleteHistory':
    'CronJob「{cronjob}」只保留最近幾個已結束的 Job（successfulJobsHistoryLimit／failedJobsHistoryLimit），所以 cronjob controller 刪除 Job「{job}」；接著 garbage collector 刪除它的 Pod。',
  'narration.cronjob.deleteReplaced':
    'CronJob「{cronjob}」設定 concurrencyPolicy: Replace，而 Job「{job}」到了下一次排程時間還在執行，所以 cronjob controller 先刪除它，再啟動新的 Job。',
  'narration.cronjob.status':
    'cronjob controller 寫入 CronJob「{cronjob}」的 status：{active} 個 active Job，以及 kubectl get cronjobs 顯示的上次排程與上次成功時間。',
  'narration.hpa.getScale':
    'horizontal-pod-autoscaler controller 每 15 秒同步一次 HPA「{hpa}」：先讀取 {target} 的 scale 子資源，也就是它可以調整的副本數與 Pod 的 selector。',
  'narration.hpa.getMetrics':
    'HPA controller 向資源指標 API（metrics.k8s.io；安裝了 metrics-server 時，API server 會把請求轉給它）查詢符合 {selector} 的 Pod 的 CPU 用量，拿來和它們的 CPU requests 比較。',
  'narration.hpa.rescale':
    'HPA「{hpa}」算出 {target} 需要 {to} 個副本而不是 {from} 個（{reason}），所以 controller 透過 scale 子資源寫入新的數量；其餘交給 Deployment controller。',
  'narration.hpa.status':
    'HPA controller 寫入 HPA「{hpa}」的 status：目前 {current} 個、期望 {desired} 個副本，量到的指標，以及 kubectl describe hpa 顯示的 AbleToScale、ScalingActive、ScalingLimited 條件。',
  'narration.ttl.deleteJob':
    'Job「{job}」在 {ttl} 秒前結束，且設定了 ttlSecondsAfterFinished: {ttl}，所以 ttl-after-finished controller 刪除它；garbage collector 接著刪除它的 Pod。',
  'narration.disruption.status':
    'disruption controller 重新計算 PodDisruptionBudget「{pdb}」：{expected} 個 Pod 中有 {healthy} 個健康（Ready），至少需要 {desired} 個，所以允許 {allowed} 次中斷。eviction API 依照這個 status 決定接受或拒絕每一次驅逐。',
  'narration.gc.delete':
    'garbage collector 發現 {kind}「{name}」的擁有者（ownerReferences）{ownerKind}「{owner}」已經不存在，所以刪除這個附屬物件。',

  'narration.nodelifecycle.unknown':
    'node-lifecycle controller 已經 {age} 秒沒看到 {node} 續約 Lease，超過寬限期，所以把節點的 condition 標為 Unknown：這個節點可能已經掛了。',
  'narration.nodelifecycle.evictDecision':
    'Pod {pod} 已經容忍 node.kubernetes.io/unreachable:NoExecute taint 達 tolerationSeconds；taint manager 判定它必須被驅逐。',
  'narration.nodelifecycle.taint':
    'node-lifecycle controller 為 {node} 加上 node.kubernetes.io/unreachable taint：新的 Pod 會避開它，過了 tolerationSeconds 後，上面的 Pod 會被驅逐。',
  'narration.nodelifecycle.conditionTaint':
    '{node} 回報了資源壓力狀況，所以 node-lifecycle controller 為它加上 {taint}:NoSchedule taint：壓力解除前，scheduler 不會再把新 Pod 放到這裡。',
  'narration.nodelifecycle.conditionUntaint': '{node} 不再回報資源壓力：node-lifecycle controller 移除 {taint} taint。',
  'narration.nodelifecycle.podNotReady':
    '它所在的節點停止回報，所以 node-lifecycle controller 把 Pod「{pod}」標為未 Ready：Service 不再把流量送給它。',
  'narration.nodelifecycle.disruptionTarget':
    '刪除 Pod「{pod}」之前，taint eviction 先加上條件 DisruptionTarget=True（DeletionByTaintManager），讓觀察這個 Pod 的人知道它為什麼被刪。',
  'narration.nodelifecycle.evict':
    'unreachable taint 的 tolerationSeconds 到期，node-lifecycle controller 驅逐 Pod {pod}；它的 ReplicaSet 會在別處建立替代的 Pod。',
  'narration.nodelifecycle.recover': '{node} 再次續約 Lease：node-lifecycle controller 移除 taint，節點恢復 Ready。',

  'narration.pv.pending': 'persistentvolume-binder 還找不到可給 PersistentVolumeClaim {pvc} 用的 volume：{message}',
  'narration.pv.bindClaim': 'persistentvolume-binder 把 PersistentVolumeClaim {pvc} 綁定到 PersistentVolume {pv}。',
  'narration.pv.bindVolume': 'persistentvolume-binder 把 PersistentVolume {pv} 標記為被 {pvc} 使用。',
  'narration.pv.volumeBound':
    'persistentvolume-binder 把 PersistentVolume {pv} 的 phase 設為 Bound：它現在屬於 {pvc}。',
  'narration.pv.bound': 'PersistentVolumeClaim {pvc} 已是 Bound。',
  'narration.pv.provision': 'provisioner 在節點 {node} 上為 claim {pvc} 建立 PersistentVolume {pv}。',

  'narration.scheduler.selected':
    '排程器從佇列取出 Pod「{pod}」，過濾 {total} 個節點（{feasible} 個可行：control-plane taint 和資源是否足夠排除了其餘節點），為可行的節點評分，最後選了 {node}。',
  'narration.scheduler.bind':
    '排程器自己不啟動任何東西：它 POST 一個 Binding，把「{pod}」的 spec.nodeName 設為 {node}。{node} 上的 kubelet 會透過 watch 看到。',
  'narration.scheduler.failed':
    '排程器找不到可以放 Pod「{pod}」的節點：{message} 它記錄一筆 FailedScheduling 事件，等叢集有變化時再重試。',
  'narration.scheduler.markUnschedulable':
    '排程器為 Pod「{pod}」加上 condition PodScheduled=False（reason Unschedulable）：kubectl 會顯示它是 Pending。',
  'narration.scheduler.selectNode': '排程器在 claim {pvc} 上註記選定的節點 {node}，volume 就會在那裡建立。',
  'narration.scheduler.preempt':
    '沒有節點放得下 Pod「{pod}」（優先順序 {priority}），所以 DefaultPreemption 尋找移除後能騰出空間的較低優先順序 Pod。在 {node} 上，移除 {victims} 就夠了：排程器為「{pod}」提名 {node}（status.nominatedNodeName），並搶占（preempt）它們。',
  'narration.scheduler.preemptCondition':
    '刪除「{pod}」之前，排程器先替它加上 DisruptionTarget=True 條件（reason PreemptionByScheduler），讓讀到的人知道它為什麼被移除：要替優先順序較高的「{preemptor}」騰出空間。',
  'narration.scheduler.preemptDelete':
    '排程器以預設的寬限期刪除被搶占的 Pod「{pod}」：kubelet 停止它的容器，等它消失後 {node} 就有空間給搶占者，排程器會再試一次。',

  'narration.kubelet.runSandbox':
    'kubelet 看到 Pod「{pod}」被綁定到自己的節點。第一步是 Pod sandbox：它透過 CRI 對 container runtime 呼叫 RunPodSandbox，建立網路 namespace（pause 容器），並向 CNI 外掛要一個 IP。',
  'narration.kubelet.pullImage':
    '需要拉取映像檔：kubelet 請 runtime 為容器「{container}」執行 PullImage {image}（每個節點一次只拉一個）。',
  'narration.kubelet.imageStatus':
    '建立容器「{container}」之前，kubelet 先問 runtime（ImageStatus）這個節點上是否已經有 {image}；要不要拉取由 imagePullPolicy 決定。',
  'narration.kubelet.createContainer':
    '映像檔準備好了：kubelet 在 Pod「{pod}」的 sandbox 裡為「{container}」（{image}）呼叫 CreateContainer，帶上 Pod spec 裡的 command、env 和掛載。',
  'narration.kubelet.startContainer':
    'kubelet 為 Pod「{pod}」的「{container}」呼叫 StartContainer：runtime 啟動它的行程。',
  'narration.kubelet.imageBackoff':
    '最近拉取 {image} 失敗，所以 kubelet 等 {wait} 再試（每次等待加倍，最多 5 分鐘）：容器「{container}」顯示 ImagePullBackOff。',
  'narration.kubelet.crashLoop':
    'Pod「{pod}」的容器「{container}」又結束了，所以 kubelet 等 {wait} 再重新啟動（10 秒、20 秒、40 秒……最多 5 分鐘）：這就是 CrashLoopBackOff。',
  'narration.kubelet.configError':
    'kubelet 無法組出容器「{container}」的設定：{message}。它不會建立容器；在該物件出現之前，Pod 會顯示 CreateContainerConfigError。',
  'narration.kubelet.nodeSchedulable':
    '{node} 上的 kubelet 在同步節點狀態時看到 spec.unschedulable 變了，於是在 Node 上記錄 {reason}。',
  'narration.kubelet.rejected':
    'Pod「{pod}」沒有經過排程器就被綁到這個節點，而它放不下：{message}。kubelet 拒絕了它（{reason}）；Pod 失敗，永遠不會執行。',
  'narration.kubelet.failedMount': 'kubelet 無法掛載 volume「{volume}」：{message}',
  'narration.kubelet.started': 'Pod「{pod}」的容器「{container}」正在執行。',
  'narration.kubelet.readyTrue':
    '「{container}」的 readiness 檢查通過，所以 kubelet 把 Pod「{pod}」標為 Ready：它現在可以接收 Service 的流量了。',
  'narration.kubelet.probeFailed': 'kubelet 探測 Pod「{pod}」的容器「{container}」：{summary}',
  'narration.kubelet.kill': 'kubelet 因 liveness probe 失敗而採取行動：{summary}',
  'narration.kubelet.evict':
    '節點 {node} 只剩 {available} 記憶體，低於 kubelet 的硬性驅逐門檻（memory.available<100Mi）：kubelet 驅逐 Pod「{pod}」，因為它用的記憶體超過它的請求量。Pod 以原因 Evicted 失敗，不會在這裡重新啟動。',
  'narration.kubelet.stopContainer':
    'Pod「{pod}」正在被刪除：kubelet 請 runtime 停止容器「{container}」（先送 SIGTERM，寬限期過後送 SIGKILL）。',
  'narration.kubelet.stopSandbox': 'kubelet 拆除 Pod「{pod}」的 sandbox，CNI 外掛釋放它的 IP {ip}。',
  'narration.kubelet.api.status': 'kubelet 的 status manager 向 API server 回報：{summary}',
  'narration.kubelet.api.lease':
    '心跳：{node} 上的 kubelet 在 kube-node-lease 續約自己的 Lease（每 10 秒一次）。node-lifecycle controller 靠它分辨節點是活著還是掛了。',
  'narration.kubelet.api.node-status': '{node} 上的 kubelet 回報節點狀態：{summary}',
  'narration.kubelet.api.volume': 'kubelet 的 volume manager 向 API server 取得 volume 需要的東西：{summary}',
  'narration.kubelet.api.env': 'kubelet 取得容器環境變數參照的內容：{summary}',
  'narration.kubelet.api.delete': 'kubelet 完成 Pod 的刪除：{summary}',
  'narration.kubelet.api.relist': 'kubelet 從 API server 重新列出自己的 Pod：{summary}',

  'narration.runtime.ok': 'container runtime（containerd）完成 {call}：{summary}',
  'narration.runtime.error': 'container runtime 執行 {call} 失敗：{error}',
  'narration.runtime.cniAdd':
    'containerd 已建立 sandbox 的網路 namespace，接著呼叫 CNI 外掛（ADD），為 Pod「{pod}」配置網路介面和 IP。',
  'narration.runtime.cniDel': 'containerd 呼叫 CNI 外掛（DEL），釋放 Pod「{pod}」的網路。',
  'narration.runtime.pause': 'containerd-shim 和 runc 啟動 pause 容器，由它持有 Pod「{pod}」的各個 namespace。',
  'narration.runtime.runc': 'runc 建立容器「{container}」的行程：{cmd}。',
  'narration.runtime.runcAssumed':
    'runc 建立容器「{container}」的行程：{cmd}。Podyssey 不認識映像檔 {image}，所以假設它是一個持續執行到被停止的伺服器，監聽容器宣告的連接埠。',
  'narration.runtime.systemOom':
    '容器「{container}」沒有低於 {node} 記憶體的上限，用掉的記憶體超過節點本身所有：核心的全系統 OOM killer 結束了它（結束代碼 137，原因 OOMKilled），kubelet 在節點上回報 SystemOOM。',
  'narration.runtime.oomKilled':
    '容器「{container}」用掉的記憶體超過它的上限：核心的 OOM killer 結束了它（SIGKILL，結束代碼 137），containerd 回報原因 OOMKilled。',
  'narration.runtime.died': '容器「{container}」的行程以代碼 {code} 結束。kubelet 會在下一次 relist 時發現。',

  'narration.cni.added':
    'CNI 外掛從節點的 Pod 網段 {cidr} 配出 {ip}，設定好 veth pair 和路由，再把 IP 交回給 containerd，供 Pod「{pod}」使用。',
  'narration.cni.deleted': 'CNI 外掛釋放了 Pod「{pod}」的 IP。',

  'narration.kubeproxy.sync':
    '{node} 上的 kube-proxy 依照它 watch 的 Service 和 EndpointSlice 重寫 iptables 規則：{services} 個 Service、{endpoints} 個 endpoint（{rejects} 個沒有 endpoint 的 Service 會得到一條 REJECT 規則）。',

  'narration.user.command': '你執行：{command}',
  'narration.user.noHistory': 'kubectl rollout undo 找不到更早的 revision：error: no rollout history found.',
  'narration.user.reapply': '你修改了 manifest，再次執行 kubectl apply -f。',
  'narration.exec.request':
    'kubectl exec 請 API server 開一條通往 Pod「{pod}」的串流：對它的 exec 子資源發出 POST（{path}），並升級成 WebSocket（v5.channel.k8s.io）。指令放在 URL 裡，每個字一個 command=。',
  'narration.exec.authorize':
    'kube-apiserver 驗證你的身分，授權 pods/exec 的「create」（RBAC 把 exec 視為建立子資源），再跑 admission。etcd 不寫入任何東西：ExecREST 只是查出 Pod 所在的節點與容器「{container}」。',
  'narration.exec.completed': 'kubectl 先讀取了 Pod「{pod}」，自己就拒絕：已完成的 Pod 沒有執行中的容器可以 exec。',
  'narration.exec.refused': 'API server 拒絕這次 exec，kubectl 印出：{error}',
  'narration.exec.kubelet':
    'kube-apiserver 把升級後的連線代理到 {node} 上的 kubelet（連接埠 10250，路徑 /exec/NAMESPACE/POD/CONTAINER）。exec、logs 與 port-forward 是少數由 API server 發往 kubelet 的請求。',
  'narration.exec.notRunning':
    'kubelet 在 Pod 裡找不到執行中的容器「{container}」（還沒啟動，或正等待重啟）：container not found。',
  'narration.exec.cri':
    'kubelet 呼叫容器 runtime 的 CRI Exec，要在容器「{container}」裡執行「{command}」；containerd 回覆一個串流 URL，kubelet 把串流代理過去。',
  'narration.exec.runc':
    'containerd 的 shim 讓 runc exec 在容器裡執行「{command}」：新的行程加入容器的 namespaces 與 cgroup，和它的 PID 1 並列，使用容器的環境變數與檔案系統。結束碼為 {code}。',
  'narration.exec.notFound':
    'runc 無法啟動「{program}」：容器的檔案系統裡沒有這個執行檔（映像檔沒有附上）。containerd 回報「OCI runtime exec failed … executable file not found in $PATH」。',
  'narration.exec.stream': '行程的 stdout 與 stderr 從 containerd 串流回 kubelet，最後在 error 通道送出結束狀態。',
  'narration.exec.streamBack': 'kubelet 把串流轉給 API server，API server 再透過同一條連線轉給 kubectl。',
  'narration.exec.done': 'kubectl 印出指令的輸出。結束碼 0：不再印其他東西。',
  'narration.exec.exitCode':
    'kubectl 印出指令的輸出，接著印「command terminated with exit code {code}」，並以同一個結束碼結束。',
  'narration.exec.failed': '指令根本沒有啟動：kubectl 印出 runtime 的錯誤（error executing command in container …）。',

  'narration.fault.stop': '{summary}。在它恢復之前，它原本負責的事都不會發生。',
  'narration.fault.start': '{summary}。它重新列出 watch 的物件，把進度追上。',
  'narration.fault.etcdMemberDown': '故障：etcd 成員 {member} 停止運作：{n} 個成員中有 {up} 個在線。',
  'narration.fault.etcdMemberUp': 'etcd 成員 {member} 恢復了：{n} 個成員中有 {up} 個在線。',
  'narration.fault.registryDown': '故障：連不上映像檔倉庫（registry），拉取映像檔會失敗。',
  'narration.fault.registryUp': '映像檔倉庫恢復回應。',

  'narration.end.quiescent':
    '模擬在 t = {time} 秒結束：已經沒有事情要做。每個 controller 都看到目前狀態等於期望狀態（或正在等一件不會發生的事）。',
  'narration.end.horizon':
    '模擬在 {time} 秒的時間上限結束：叢集裡仍有事情在進行（定期同步、重啟的退避等待或重試），不會自己靜下來。',
  'narration.end.step-cap': '模擬在 t = {time} 秒達到步數上限而停止。',

  // ---- Share, embed, languages, themes, story, export ----------------------------------------------
  'app.lang': '語言',
  'app.theme': '主題：{theme}',
  'app.theme.system': '跟隨系統',
  'app.theme.light': '淺色',
  'app.theme.dark': '深色',
  'app.present': '簡報模式（放大字體、精簡介面）',
  'app.share': '分享',
  'app.embed': '嵌入',
  'share.title': '分享與匯出',
  'share.link': '目前畫面的連結',
  'share.copy': '複製連結',
  'share.copyStep': '複製連到這一步的連結',
  'share.copied': '已複製連結。',
  'share.copyFailed': '無法複製：請自行選取連結後複製。',
  'share.length': '{count} 個字元',
  'share.tooLong': '超過 {max} 個字元的連結可能會被聊天軟體或電子郵件截斷。建議改為下載 manifest，分享檔案。',
  'share.downloadYaml': '下載 manifest（.yaml）',
  'share.export': '匯出',
  'share.exportTrace': 'Trace（JSON）',
  'share.importTrace': '匯入 trace（JSON）',
  'share.exportSvg': '架構圖（SVG）',
  'share.exportPng': '架構圖（PNG）',
  'share.imported': '正在重播匯入的 trace：共 {count} 步，不重新模擬。',
  'share.importCancel': '取消匯入',
  'share.importCancelled': '已取消匯入。',
  'share.importProgress.reading': '正在讀取 trace：{done} / {total} MB…',
  'share.importProgress.parsing': '正在解析 trace…',
  'share.importProgress.loading': '正在載入步驟：{done} / {total}…',
  'share.importError.tooLarge': '這個檔案太大，無法匯入（{size} MB；上限為 {limit} MB）。',
  'share.importError.unreadable': '無法讀取這個檔案。',
  'share.importError.notJson': '這個檔案不是 Podyssey 的 trace：它不是 JSON。',
  'share.importError.notObject': '這個檔案不是 Podyssey 的 trace：它不是 JSON 物件。',
  'share.importError.noSteps': '這個檔案不是 Podyssey 的 trace：沒有「steps」清單。',
  'share.importError.badStep': '這個檔案不是 Podyssey 的 trace：第 {step} 步不是 trace 的步驟。',
  'share.importError.noCluster': '這個檔案不是 Podyssey 的 trace：沒有「cluster」。',
  'share.importError.crashed': '匯入中止：瀏覽器記憶體不足，或檔案已損毀。',
  'draft.replace.title': '要取代你的編輯嗎？',
  'draft.replace.body.import': '編輯器裡有你尚未執行的編輯。匯入這個 trace 會取代它們。',
  'draft.replace.body.example': '編輯器裡有你尚未執行的編輯。載入這個範例會取代它們。',
  'draft.replace.after': '如果取代，可以用「還原先前的草稿」把它們找回來。',
  'draft.replace.keep': '保留我的編輯',
  'draft.replace.confirm': '取代我的編輯',
  'draft.replaced': '你的編輯已被取代，並保留為先前的草稿。',
  'draft.restore': '還原先前的草稿',
  'draft.restoreHint': '把編輯器的內容與上一次被取代的草稿互換',
  'draft.conflict': '這份草稿也在另一個分頁中被編輯了。兩份都會保留：在你選擇之前，這個分頁的編輯會另外儲存。',
  'draft.conflict.load': '載入另一個分頁的草稿',
  'draft.conflict.keep': '保留這一份',
  'draft.saveFailed.quota':
    '無法在這個瀏覽器儲存你的草稿（太大：{size} MB）。此頁面開啟期間它仍留在編輯器中；請從「分享」下載以保留副本。',
  'draft.saveFailed': '無法在這個瀏覽器儲存你的草稿（無法使用儲存空間）。此頁面開啟期間它仍留在編輯器中。',
  'link.error': '無法開啟這個連結：{message}',
  'link.ask.title': '要開啟分享的 manifest 嗎？',
  'link.ask.body':
    '這個連結帶有自己的 manifest，而編輯器裡有你尚未儲存的內容。開啟連結會取代它；可以用「還原先前的草稿」找回來。',
  'link.ask.open': '開啟連結',
  'link.ask.keep': '保留我的編輯',
  'stale.text': 'Manifest 已修改：圖上仍是先前套用內容的執行過程。',
  'app.stage': '執行過程：圖、旁白與步進控制',
  'embed.title': '嵌入網頁',
  'embed.intro': '把這段程式碼貼到課程網頁中。網頁可以用 postMessage 控制嵌入的內容（說明見 README）。',
  'embed.width': '寬度',
  'embed.height': '高度（px）',
  'embed.content': '內容',
  'embed.content.current': '目前的 manifest',
  'embed.lang': '語言',
  'embed.theme': '主題',
  'embed.step': '從第幾步開始',
  'embed.autoSize': '用輔助腳本自動調整高度',
  'embed.steps': '步驟',
  'embed.steps.all': '每一步',
  'embed.controls': '控制列',
  'embed.controls.full': '完整',
  'embed.controls.min': '精簡',
  'embed.controls.none': '不顯示',
  'embed.snippet': '程式碼',
  'embed.copy': '複製程式碼',
  'embed.preview': '預覽',
  'embed.frameTitle': 'Podyssey：一則一則訊息看懂 Kubernetes',
  'embed.openFull': '開啟完整版',
  'embed.originError':
    '這個嵌入已停用：它的 origin= 參數「{value}」不是單純的來源（例如 https://course.example.org：不含路徑、不寫預設連接埠、小寫、沒有空白）。修正嵌入碼之前，外層頁面無法操控或讀取它。',
  'embed.openFullHint': '在完整的 Podyssey 中開啟（新分頁）',
  'story.title': '模擬過程逐字稿',
  'story.intro': '依序列出這次模擬的每一步。可以直接列印成講義。',
  'story.print': '列印',
  'story.step': '第 {n} 步',
  'story.page': '第 {from}–{to} 步，共 {total} 步',
  'story.prevPage': '較早的步驟',
  'story.nextPage': '較晚的步驟',
  'view.failed.title': '這個檢視無法顯示這次的模擬。',
  'view.failed.body':
    '這次模擬（可能是匯入的 trace）有些內容不符合這個檢視的預期。頁面其他部分仍可使用：請換個檢視、重新套用 manifest，或匯入另一個 trace。',
  'editor.tabHint': '在編輯器中按 Tab 會縮排。按 Ctrl+M 可切換成用 Tab 把焦點移出編輯器（再按一次切回）。',

  // ---- Panels (troubleshooting, nodes, interventions, branches) ------------------------------------
  'panel.stuck': '卡在哪裡？',
  'panel.nodes': '節點',
  'panel.intervene': '介入',
  'panel.summary': '摘要',
  'summary.intro':
    '{steps} 個步驟中共有 {lines} 種訊息。每一行彙整整個執行過程中傳遞同一種訊息的所有步驟；展開即可跳到其中任一步。',
  'summary.line': '{from} → {to}：{what}',
  'summary.step': '第 {n} 步',
  'summary.steps': '第 {first}–{last} 步',
  'summary.nodes_one': '分布於 {n} 個節點',
  'summary.nodes_other': '分布於 {n} 個節點',
  'summary.first': '第一個',
  'summary.next': '目前步驟之後的下一個',
  'summary.last': '最後一個',
  'summary.more': '再顯示 {n} 個',
  'summary.line.daemonset.createPod_one': 'daemonset controller 建立了 {n} 個 Pod',
  'summary.line.daemonset.createPod_other': 'daemonset controller 建立了 {n} 個 Pod',
  'summary.line.daemonset.status_one': 'daemonset controller 寫入 DaemonSet status 1 次',
  'summary.line.daemonset.status_other': 'daemonset controller 寫入 DaemonSet status {n} 次',
  'summary.line.replication.createPod_one': 'replicationcontroller 建立了 {n} 個 Pod',
  'summary.line.replication.createPod_other': 'replicationcontroller 建立了 {n} 個 Pod',
  'summary.line.replicaset.createPod_one': 'replicaset controller 建立了 {n} 個 Pod',
  'summary.line.replicaset.createPod_other': 'replicaset controller 建立了 {n} 個 Pod',
  'summary.line.replicaset.status_one': 'replicaset controller 寫入 ReplicaSet status 1 次',
  'summary.line.replicaset.status_other': 'replicaset controller 寫入 ReplicaSet status {n} 次',
  'summary.line.deployment.status_one': 'deployment controller 寫入 Deployment status 1 次',
  'summary.line.deployment.status_other': 'deployment controller 寫入 Deployment status {n} 次',
  'summary.line.endpointslice.update_one': 'endpointslice controller 更新 EndpointSlice 1 次',
  'summary.line.endpointslice.update_other': 'endpointslice controller 更新 EndpointSlice {n} 次',
  'summary.line.scheduler.selected_one': 'scheduler 為 {n} 個 Pod 選定節點',
  'summary.line.scheduler.selected_other': 'scheduler 為 {n} 個 Pod 選定節點',
  'summary.line.scheduler.bind_one': 'scheduler 將 {n} 個 Pod 綁定到節點',
  'summary.line.scheduler.bind_other': 'scheduler 將 {n} 個 Pod 綁定到節點',
  'summary.line.kubelet.runSandbox_one': 'kubelet 向 container runtime 要求建立 {n} 個 Pod sandbox',
  'summary.line.kubelet.runSandbox_other': 'kubelet 向 container runtime 要求建立 {n} 個 Pod sandbox',
  'summary.line.runtime.cniAdd_one': 'container runtime 請 CNI 接好 {n} 個 Pod 網路',
  'summary.line.runtime.cniAdd_other': 'container runtime 請 CNI 接好 {n} 個 Pod 網路',
  'summary.line.kubelet.pullImage_one': 'kubelet 要求拉取映像檔 1 次',
  'summary.line.kubelet.pullImage_other': 'kubelet 要求拉取映像檔 {n} 次',
  'summary.line.kubelet.createContainer_one': 'kubelet 建立了 {n} 個容器',
  'summary.line.kubelet.createContainer_other': 'kubelet 建立了 {n} 個容器',
  'summary.line.kubelet.startContainer_one': 'kubelet 啟動了 {n} 個容器',
  'summary.line.kubelet.startContainer_other': 'kubelet 啟動了 {n} 個容器',
  'summary.line.kubelet.api.status_one': 'kubelet 向 API server 回報 Pod status 1 次',
  'summary.line.kubelet.api.status_other': 'kubelet 向 API server 回報 Pod status {n} 次',
  'summary.line.etcd.put_one': 'API server 寫入 etcd 1 次',
  'summary.line.etcd.put_other': 'API server 寫入 etcd {n} 次',
  'summary.line.etcd.committed_one': 'etcd 提交了 {n} 筆寫入',
  'summary.line.etcd.committed_other': 'etcd 提交了 {n} 筆寫入',
  'summary.line.apiserver.watch_one': 'API server 以 watch 事件通知 {to} {n} 次變更',
  'summary.line.apiserver.watch_other': 'API server 以 watch 事件通知 {to} {n} 次變更',
  'summary.line.kubeproxy.sync_one': 'kube-proxy 重寫 Service 規則 1 次',
  'summary.line.kubeproxy.sync_other': 'kube-proxy 重寫 Service 規則 {n} 次',
  'stuck.firstLabel': '第一個沒有進展的環節',
  'end.headline': '模擬結束',
  'end.label.quiescent': '結束：已收斂',
  'end.label.horizon': '結束：到達時間上限',
  'end.label.step-cap': '結束：到達步數上限',
  'end.verdict.quiescent': '模擬在 t = {time} 秒結束，旅程卡在「{link}」：不會再自己往下走了。',
  'end.verdict.stopped': '模擬在 t = {time} 秒停下，旅程卡在「{link}」。',
  'end.verdict.why': '{component}：{what}',
  'end.verdict.check': '在真實叢集上用：',
  'verdict.stuck': '卡住了：{object}——{reason}',
  'verdict.done': '完成：{ready}/{want} 個 Pod 已就緒（Ready）',
  'verdict.doneService': 'Service {service} 有 {count} 個就緒端點',
  'verdict.join': '，',
  'end.verdict.open': '卡在哪裡？',
  'stuck.scope.run': '整個執行過程，在最後（第 {n} 步）',
  'stuck.scope.step': '畫面上的這一步（第 {n} 步）',
  'stuck.title': '卡在：{link}',
  'stuck.none': '這一步沒有卡住的地方：檢查過的每個環節都有進展。',
  'stuck.nothingYet': '這一步還沒有可檢查的東西：尚未儲存任何 Deployment、Pod 或 Service。',
  'stuck.inputError': 'kubectl 沒有送出任何東西：{message}',
  'stuck.component': '元件',
  'stuck.why': '原因',
  'stuck.evidence': '證據',
  'stuck.command': '在真實叢集上',
  'stuck.runIt': '在 kubectl 面板執行',
  'stuck.jump': '跳到出錯的第 {n} 步',
  'stuck.chain': '整條鏈，一環一環看',
  'stuck.ok': '正常',
  'stuck.stuck': '卡住',
  'stuck.link.kubectl': 'kubectl → kube-apiserver',
  'stuck.link.node': '節點',
  'stuck.link.deployment': 'Deployment → ReplicaSet',
  'stuck.link.replicaset': 'ReplicaSet',
  'stuck.link.pods': 'ReplicaSet → Pod',
  'stuck.link.scheduled': 'Pod → 指派節點',
  'stuck.link.sandbox': 'Sandbox',
  'stuck.link.image': '映像檔',
  'stuck.link.containers': '容器',
  'stuck.link.ready': 'Ready',
  'stuck.link.endpoints': 'Service endpoint',
  'stuck.link.kube-proxy': 'kube-proxy 規則',
  'stuck.link.hpa': 'HorizontalPodAutoscaler',
  'stuck.key.api.etcd': 'etcd 失去 quorum：寫入會逾時。',
  'stuck.key.api.down': 'API server 停止運作。',
  'stuck.key.api.unauthorized': '憑證錯誤（401）。',
  'stuck.key.api.forbidden': 'RBAC 不允許（403）。',
  'stuck.key.api.noKind': '未知的 apiVersion 或 kind。',
  'stuck.key.api.rejected': 'API server 拒絕了這個物件。',
  'stuck.key.stuck.nodeNotReady': '有節點是 NotReady。',
  'stuck.key.stuck.noReplicaSet': '沒有建立 ReplicaSet。',
  'stuck.key.stuck.failedCreate': '無法建立 Pod。',
  'stuck.key.stuck.podSecurity': 'PodSecurity 准入拒絕了這些 Pod。',
  'stuck.key.stuck.podsMissing': 'Pod 數量比期望的少。',
  'stuck.key.stuck.unschedulable': '沒有適合這個 Pod 的節點。',
  'stuck.key.stuck.noScheduler': '沒有人在排程這個 Pod。',
  'stuck.key.stuck.mount': '有 volume 無法掛載。',
  'stuck.key.stuck.image': '無法拉取映像檔。',
  'stuck.key.stuck.config': '容器設定參照了不存在的東西。',
  'stuck.key.stuck.crashLoop': '容器一直當掉重啟。',
  'stuck.key.stuck.creating': 'Pod 還在建立中。',
  'stuck.key.stuck.kubeletSilent': 'kubelet 還沒啟動這個 Pod。',
  'stuck.key.stuck.notReady': '在執行，但不是 Ready。',
  'stuck.key.stuck.endpointsNotReady': 'Service 沒有 ready 的 endpoint。',
  'stuck.key.stuck.hpaMetrics': '自動擴縮器拿不到指標。',
  'stuck.key.stuck.selectorMismatch': 'Service 的 selector 沒有選到任何 Pod。',
  'stuck.key.stuck.proxyStale': 'kube-proxy 的規則過時了。',
  'nodes.lease': '{age} 前續約 Lease',
  'nodes.noLease': '沒有 Lease',
  'nodes.resource': '資源',
  'nodes.requested': '已請求',
  'nodes.allocatable': '可分配',
  'nodes.conditions': 'Condition',
  'nodes.taints': 'Taint',
  'nodes.labels': 'Label',
  'nodes.none': '<none>',
  'intervene.intro': '在第 {n} 步做點什麼：模擬會從這裡分岔，叢集從這一點開始反應，原本的執行結果隨時點一下就能回去。',
  'intervene.forking': '正在從最近的檢查點重新模擬…',
  'intervene.pods': 'Pod',
  'intervene.pod': 'Pod',
  'intervene.deletePod': '刪除 Pod',
  'intervene.execCommand': '指令',
  'intervene.exec': 'kubectl exec',
  'intervene.deployments': 'Deployment',
  'intervene.deployment': 'Deployment',
  'intervene.replicas': '副本數',
  'intervene.scale': '調整副本數',
  'intervene.image': '{container} 的映像檔',
  'intervene.setImage': '設定映像檔',
  'intervene.undo': 'Rollout undo（回復上一版）',
  'intervene.nodes': '節點',
  'intervene.node': '節點',
  'intervene.cordon': 'Cordon（停止排程）',
  'intervene.uncordon': 'Uncordon（恢復排程）',
  'intervene.drain': 'Drain（排空節點）',
  'intervene.taintKey': 'Taint key',
  'intervene.taintValue': 'Taint value',
  'intervene.taintEffect': 'Taint effect',
  'intervene.taint': '加上 taint',
  'intervene.components': '元件與故障',
  'intervene.component': '元件',
  'intervene.stop': '停止',
  'intervene.start': '啟動',
  'intervene.registryDown': '讓映像檔倉庫連不上',
  'intervene.registryUp': '讓映像檔倉庫恢復連線',
  'intervene.manifest': 'Manifest',
  'intervene.reapplyHint': '先在編輯器修改 manifest，再在這裡重新套用（kubectl 會印出 "configured"）。',
  'intervene.reapply': '在這一步重新套用修改後的 manifest',
  'branch.label': '分支',
  'branch.original': '原本的執行結果',
  'branch.fork': '在第 {n} 步分岔：{action}',
  'branch.forkMark': '分岔點：第 {n} 步',
  'time.jump': '⏩ +{wait}',
  'time.jumpLabel': '下一步在 {wait} 之後發生（虛擬時間，等待已壓縮）',
  'time.jumpMark': '時間跳躍：+{wait}',

  // ---- troubleshooting: CNI faults, intervention and branch shortcuts ----
  'narration.cni.missing':
    'containerd 為 Pod「{pod}」執行 CNI 外掛鏈（{command}），但 {plugin} 外掛跑不起來：libcni 在 {dir} 找不到 {plugin} 執行檔。這次呼叫失敗，containerd 透過 CRI 把錯誤回報給 kubelet。',
  'stuck.key.stuck.sandboxNetwork': 'Pod 網路無法設定：CNI 外掛執行失敗。',
  'stuck.key.stuck.sandbox': 'Pod sandbox 無法建立。',
  'app.help.interventions': '打開「介入」面板',
  'app.help.nextBranch': '切換到下一個分支',
  'app.help.originalBranch': '回到原本的執行結果',
  // ---- repeated messages grouped (large runs) ----
  'ctl.group': '合併重複訊息',
  'ctl.groupHint': '把一連串相同的訊息（例如同一個 EndpointSlice 變更送到每個節點的 kube-proxy）當成一步跳過',
  'group.summary': '×{count}：同一則訊息送往 {nodes} 個節點（第 {first}–{last} 步），合併為一步',
  'group.summaryNoNodes': '×{count}：同一則訊息（第 {first}–{last} 步），合併為一步',
  'group.expand': '逐一顯示',

  // ---- diagram: node tiles for large clusters ----
  'diagram.tiles.title_one': '{count} 個節點',
  'diagram.tiles.title_other': '{count} 個節點',
  'diagram.tiles.hint': '每個節點一格 · 選一格檢視該 Node',
  'diagram.tile.controlPlane': 'control plane',
  'diagram.tile.pods_one': '{count} 個 Pod · {ready} 個就緒',
  'diagram.tile.pods_other': '{count} 個 Pod · {ready} 個就緒',
  'diagram.tile.failing_one': '{count} 個失敗',
  'diagram.tile.failing_other': '{count} 個失敗',
  'diagram.tile.active': '作用中：{parts}',
  'diagram.tile.label': '節點 {node}：{summary}。在「物件」中檢視',
  'sim.progress': '— 已模擬 {steps} 步，叢集時鐘 {clock} 秒',
};

export default zhTW;
