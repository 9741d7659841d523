/**
 * `kubectl exec` against the world at the end of a run: the command runs in the container's interpreter with its
 * env (ConfigMap/Secret references resolved), files (ConfigMap/Secret volumes), hostname and processes; refusals
 * with the texts of kubectl pkg/cmd/exec/exec.go, pkg/registry/core/pod/strategy.go ExecLocation, the kubelet's
 * pkg/kubelet/server/server.go getExec and containerd's container_execsync.go.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { answerKubectl } from './kubectlCommand';

const MANIFEST = `
apiVersion: v1
kind: ConfigMap
metadata: { name: app-config }
data:
  GREETING: hello
  app.conf: "mode=demo"
---
apiVersion: v1
kind: Secret
metadata: { name: app-secret }
stringData: { PASSWORD: s3cret }
---
apiVersion: v1
kind: Pod
metadata: { name: box }
spec:
  containers:
    - name: shell
      image: busybox:1.36
      command: ["sh", "-c", "sleep 3600"]
      env:
        - name: GREETING
          valueFrom: { configMapKeyRef: { name: app-config, key: GREETING } }
        - name: PASSWORD
          valueFrom: { secretKeyRef: { name: app-secret, key: PASSWORD } }
        - { name: PLAIN, value: "42" }
      volumeMounts:
        - { name: config, mountPath: /etc/app }
    - name: web
      image: nginx:1.27
  volumes:
    - name: config
      configMap: { name: app-config }
---
apiVersion: v1
kind: Pod
metadata: { name: distroless }
spec:
  containers:
    - name: app
      image: hashicorp/http-echo:1.0
      args: ["-text=hi"]
---
apiVersion: v1
kind: Pod
metadata: { name: pending }
spec:
  containers:
    - name: app
      image: busybox:1.36
      resources: { requests: { cpu: "64" } }
`;

const run = simulate({ yaml: MANIFEST });
const world = worldAt(run, run.steps.length - 1);
const exec = (cmd: string) => answerKubectl(`kubectl exec ${cmd}`, world);

describe('kubectl exec (panel)', () => {
  it('runs the command in the container with its resolved env, files and hostname', () => {
    expect(exec('box -c shell -- printenv GREETING')).toMatchObject({ output: 'hello', ok: true });
    expect(exec('box -c shell -- sh -c "echo $PASSWORD $PLAIN"').output).toBe('s3cret 42');
    expect(exec('box -c shell -- cat /etc/app/app.conf').output).toBe('mode=demo');
    expect(exec('box -c shell -- hostname').output).toBe('box');
    expect(exec('box -c shell -- env').output).toMatch(/^HOSTNAME=box$/m);
  });

  it("reaches the Pod's other containers on localhost (one network namespace); other hosts are not simulated yet", () => {
    expect(exec('box -c shell -- wget -qO- http://localhost:80/').output).toMatch(/^<!DOCTYPE html>\n/);
    expect(exec('box -c shell -- wget -qO- http://localhost:81/').output).toBe(
      "wget: can't connect to remote host (127.0.0.1): Connection refused\ncommand terminated with exit code 1",
    );
    expect(exec('box -c web -- curl -s localhost').output).toMatch(/<title>Welcome to nginx!<\/title>/);
    expect(exec('box -c shell -- wget -qO- http://web').output).toMatch(
      /^wget: Podyssey does not simulate traffic to "web" yet .*\ncommand terminated with exit code 1$/,
    );
  });

  it("ps lists the container's PID 1 and the exec'd process", () => {
    expect(exec('box -c shell -- ps').output).toBe(
      'PID   USER     TIME  COMMAND\n    1 root      0:00 sh -c sleep 3600\n    7 root      0:00 ps',
    );
  });

  it('defaults to the first container and says so on stderr when there are several', () => {
    expect(exec('box -- echo hi').output).toBe('Defaulted container "shell" out of: shell, web\nhi');
  });

  it("prints kubectl's exit line for a non-zero exit", () => {
    const a = exec('box -c shell -- cat /nope');
    expect(a.ok).toBe(false);
    expect(a.output).toBe("cat: can't open '/nope': No such file or directory\ncommand terminated with exit code 1");
    expect(exec("box -c shell -- sh -c 'exit 3'").output).toBe('command terminated with exit code 3');
  });

  it('refuses with the real texts at each hop', () => {
    expect(exec('nope -- ls').output).toBe('Error from server (NotFound): pods "nope" not found');
    expect(exec('box -c db -- ls').output).toBe(
      'Error from server (BadRequest): container db is not valid for pod box',
    );
    expect(exec('pending -- ls').output).toBe(
      'Error from server (BadRequest): pod pending does not have a host assigned',
    );
    expect(exec('box -c shell').output).toMatch(/^error: you must specify at least one command for the container/);
    expect(exec('box ls').output).toMatch(/^error: exec \[POD\] \[COMMAND\] is not supported anymore/);
  });

  it('an executable the image lacks fails in runc, as containerd reports it', () => {
    const a = exec('box -c shell -- bash');
    expect(a.output).toMatch(
      /^error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "bash": executable file not found in \$PATH: unknown$/,
    );
    expect(exec('distroless -- sh').output).toMatch(/exec: "sh": executable file not found in \$PATH: unknown$/);
  });
});
