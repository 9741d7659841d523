/**
 * `kubectl get controllerrevisions` (pkg/printers/internalversion/printers.go printControllerRevision):
 * NAME, CONTROLLER (`<kind>.<group>/<name>` of the controller reference, or `<none>`), REVISION, AGE.
 */
import { ageCell, col, type TableDef } from './tableDef';

export const controllerRevisionColumns: TableDef = {
  columns: [col('Name'), col('Controller'), col('Revision'), col('Age')],
  row(cr, ctx) {
    const ref = (cr.metadata.ownerReferences ?? []).find((r) => r.controller);
    let controller = '<none>';
    if (ref) {
      // formatResourceName(GroupKind, name, withKind): lower-cased `Kind.group`, the group from apiVersion.
      const group = ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '';
      controller = `${(group ? `${ref.kind}.${group}` : ref.kind).toLowerCase()}/${ref.name}`;
    }
    return [cr.metadata.name, controller, cr.revision ?? 0, ageCell(cr, ctx)];
  },
};
