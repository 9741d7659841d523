/**
 * CustomResourceDefinitions: the apiextensions controllers in kube-apiserver, discovery, and kubectl's habit of
 * mapping every document of a file before applying the first.
 */
import type { Scenario } from './Scenario';

/** The CronTab CRD of the Kubernetes documentation (tasks/extend-kubernetes/custom-resources), with columns. */
export const CRONTAB_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cronSpec:
                type: string
              image:
                type: string
              replicas:
                type: integer
                minimum: 1
                default: 1
    additionalPrinterColumns:
    - name: Spec
      type: string
      jsonPath: .spec.cronSpec
    - name: Replicas
      type: integer
      jsonPath: .spec.replicas
    - name: Age
      type: date
      jsonPath: .metadata.creationTimestamp
`;

const CRONTAB = `apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: "* * * * */5"
  image: my-awesome-cron-image
`;

const ONE_FILE = `${CRONTAB_CRD}---\n${CRONTAB}`;

export const crdScenarios: Scenario[] = [
  {
    id: 'crd-and-resource-in-one-file',
    family: 'validation',
    title: 'A CRD and its first custom resource in one file',
    lesson:
      'kubectl apply maps every document of the file to an API resource before it applies the first, so the CronTab fails with “no matches for kind” although the CRD above it is created: the apiserver only serves crontabs once its naming and establishing controllers have accepted the names. Applying the same file again works: the CRD is unchanged and the CronTab is created, with replicas defaulted by the schema.',
    input: { yaml: ONE_FILE, actions: [{ atMs: 5_000, action: { type: 'apply', yaml: ONE_FILE } }] },
  },
];
