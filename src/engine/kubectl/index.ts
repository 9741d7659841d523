/** Public surface of the kubectl output layer (tables, describe, -o yaml/json, apply/error lines, rollout status). */
export { tabwrite, formatTable, TABLE_TABWRITER, DESCRIBE_TABWRITER } from './tabwriter';
export { humanDuration, translateTimestampSince } from './humanDuration';
export { formatRFC3339, formatRFC3339Micro, formatRFC1123Z } from './timeFormat';
export { printTable, printGet, tableRows, tableDefFor, noResourcesFound, type PrintContext } from './printers';
export { podSummary } from './podColumns';
export { printEvents, sortEvents, toKEvent } from './eventsTable';
export { describePod, describeDeployment, describeReplicaSet, describeService, describeNode } from './describe';
export { describeObject } from './describeObject';
export { formatDescribeEvents } from './describeEvents';
export { toYaml, toYamlList, toJson, toJsonList, marshalYaml, prepareForOutput } from './yamlOutput';
export {
  applyLine,
  resourceName,
  deletedLine,
  errorFromServer,
  unauthorizedError,
  connectionRefused,
  unableToConnect,
  errorWhenCreating,
  errorWhenRetrieving,
  forbiddenMessage,
  notFoundMessage,
  alreadyExistsMessage,
  invalidError,
  formatFieldError,
} from './applyLine';
export { rolloutStatusLines, deploymentRolloutStatus } from './rolloutStatus';
export { resolveResource, resourceForKind, kindPrefix, RESOURCES, type ResourceInfo } from './resourceInfo';
export { NODE_INFO_DEFAULTS } from './clusterColumns';
