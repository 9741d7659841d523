import { describe, it, expect } from 'vitest';
import {
  alreadyExistsMessage,
  applyLine,
  connectionRefused,
  deletedLine,
  errorFromServer,
  errorWhenCreating,
  errorWhenRetrieving,
  forbiddenMessage,
  invalidError,
  notFoundMessage,
  resourceName,
  unauthorizedError,
} from './applyLine';

describe('apply/create/delete lines', () => {
  it('names objects as kind[.group]/name (kubectl apply printer)', () => {
    expect(applyLine('Deployment', 'apps', 'web', 'created')).toBe('deployment.apps/web created');
    expect(applyLine('Service', '', 'web', 'created')).toBe('service/web created');
    expect(applyLine('Deployment', undefined, 'web', 'unchanged')).toBe('deployment.apps/web unchanged');
    expect(applyLine('EndpointSlice', undefined, 'web-7xk2p', 'configured')).toBe(
      'endpointslice.discovery.k8s.io/web-7xk2p configured',
    );
    expect(resourceName('ReplicaSet', 'apps', 'web-7d9c8b6f5d')).toBe('replicaset.apps/web-7d9c8b6f5d');
    expect(deletedLine('Deployment', 'apps', 'web')).toBe('deployment.apps "web" deleted');
    expect(deletedLine('Pod', '', 'p')).toBe('pod "p" deleted');
  });

  it('names the namespace a namespaced object was deleted from, as kubectl v1.34 delete.go PrintObj does', () => {
    // Checked against kubectl v1.34.5: `kubectl delete pod p` → `pod "p" deleted from default namespace`.
    expect(deletedLine('Pod', '', 'p', 'default')).toBe('pod "p" deleted from default namespace');
    expect(deletedLine('Deployment', 'apps', 'web', 'shop')).toBe('deployment.apps "web" deleted from shop namespace');
    expect(deletedLine('Namespace', '', 'shop')).toBe('namespace "shop" deleted');
  });
});

describe('error lines (facts-events §4d)', () => {
  it('Forbidden on create, with the source file', () => {
    const msg = forbiddenMessage({ user: 'jane', verb: 'create', kind: 'Deployment', namespace: 'default' });
    expect(errorFromServer('Forbidden', errorWhenCreating('deploy.yaml', msg))).toBe(
      'Error from server (Forbidden): error when creating "deploy.yaml": deployments.apps is forbidden: User "jane" cannot create resource "deployments" in API group "apps" in the namespace "default"',
    );
  });

  it('Forbidden on the GET that client-side apply does first', () => {
    const msg = forbiddenMessage({ user: 'jane', verb: 'get', kind: 'Deployment', name: 'web', namespace: 'default' });
    expect(
      errorFromServer(
        'Forbidden',
        errorWhenRetrieving(
          { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'default' },
          'deploy.yaml',
          msg,
        ),
      ),
    ).toBe(
      'Error from server (Forbidden): error when retrieving current configuration of:\n' +
        'Resource: "apps/v1, Resource=deployments", GroupVersionKind: "apps/v1, Kind=Deployment"\n' +
        'Name: "web", Namespace: "default"\n' +
        'from server for: "deploy.yaml": deployments.apps "web" is forbidden: User "jane" cannot get resource "deployments" in API group "apps" in the namespace "default"',
    );
  });

  it('core-group and cluster-scoped forbidden messages', () => {
    expect(
      errorFromServer('Forbidden', forbiddenMessage({ user: 'jane', verb: 'list', kind: 'Pod', namespace: 'default' })),
    ).toBe(
      'Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"',
    );
    expect(forbiddenMessage({ user: 'system:serviceaccount:default:ci', verb: 'list', kind: 'Node' })).toBe(
      'nodes is forbidden: User "system:serviceaccount:default:ci" cannot list resource "nodes" in API group "" at the cluster scope',
    );
  });

  it('NotFound, AlreadyExists, Unauthorized, no reason, connection refused', () => {
    expect(errorFromServer('NotFound', notFoundMessage('Deployment', 'web'))).toBe(
      'Error from server (NotFound): deployments.apps "web" not found',
    );
    expect(
      errorFromServer('AlreadyExists', errorWhenCreating('deploy.yaml', alreadyExistsMessage('Deployment', 'web'))),
    ).toBe(
      'Error from server (AlreadyExists): error when creating "deploy.yaml": deployments.apps "web" already exists',
    );
    expect(errorFromServer('NotFound', errorWhenCreating('deploy.yaml', notFoundMessage('Namespace', 'foo')))).toBe(
      'Error from server (NotFound): error when creating "deploy.yaml": namespaces "foo" not found',
    );
    expect(unauthorizedError()).toBe('error: You must be logged in to the server (Unauthorized)');
    expect(errorFromServer(undefined, 'boom')).toBe('Error from server: boom');
    expect(connectionRefused()).toBe(
      'The connection to the server 127.0.0.1:41827 was refused - did you specify the right host or port?',
    );
    expect(connectionRefused('127.0.0.1:40123')).toContain('127.0.0.1:40123 was refused');
  });

  it('Invalid: one cause inline, several as a list after a line ending in ": "', () => {
    expect(
      invalidError('Deployment', 'web', [
        {
          type: 'Invalid value',
          field: 'spec.template.metadata.labels',
          value: '{"app":"web"}',
          detail: '`selector` does not match template `labels`',
        },
      ]),
    ).toBe(
      'The Deployment "web" is invalid: spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
    );
    expect(
      invalidError('Deployment', 'web', [
        { type: 'Required value', field: 'spec.selector' },
        {
          type: 'Invalid value',
          field: 'spec.template.metadata.labels',
          value: '{"app":"web"}',
          detail: '`selector` does not match template `labels`',
        },
      ]),
    ).toBe(
      'The Deployment "web" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
    );
    expect(
      invalidError('Deployment', 'web', [
        {
          type: 'Unsupported value',
          field: 'spec.strategy.type',
          value: '"Foo"',
          detail: 'supported values: "Recreate", "RollingUpdate"',
        },
      ]),
    ).toBe(
      'The Deployment "web" is invalid: spec.strategy.type: Unsupported value: "Foo": supported values: "Recreate", "RollingUpdate"',
    );
  });
});
