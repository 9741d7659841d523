/** Manifests shared by several scenarios. */

/** The default example: the seed articles' nginx Deployment (3 replicas) with a ClusterIP Service. */
export const NGINX_DEPLOYMENT_AND_SERVICE = `apiVersion: apps/v1
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
          image: nginx:1.27-alpine
          ports:
            - containerPort: 80
          resources:
            requests:
              cpu: 100m
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

export function deployment(opts: {
  name?: string;
  replicas?: number;
  image?: string;
  container?: string;
  extraContainer?: string;
  podSpecExtra?: string;
  labels?: string;
}): string {
  const name = opts.name ?? 'web';
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${opts.replicas ?? 1}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
${opts.podSpecExtra ?? ''}      containers:
        - name: ${opts.container ?? 'nginx'}
          image: ${opts.image ?? 'nginx:1.27-alpine'}
${opts.extraContainer ?? ''}`;
}
