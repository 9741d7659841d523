/** printConfigMap (DATA = data + binaryData), printSecret, printServiceAccount (pkg/printers/internalversion/printers.go). */
import { ageCell, col, type TableDef } from './tableDef';

const count = (m: unknown): number => (m && typeof m === 'object' ? Object.keys(m).length : 0);

export const configMapColumns: TableDef = {
  columns: [col('Name'), col('Data'), col('Age')],
  row(cm, ctx) {
    return [cm.metadata.name, count(cm.data) + count(cm.binaryData), ageCell(cm, ctx)];
  },
};

export const secretColumns: TableDef = {
  columns: [col('Name'), col('Type'), col('Data'), col('Age')],
  row(s, ctx) {
    // stringData is folded into data by the apiserver; count both in case a raw manifest is printed.
    return [
      s.metadata.name,
      s.type ?? 'Opaque',
      count({ ...(s.data ?? {}), ...(s.stringData ?? {}) }),
      ageCell(s, ctx),
    ];
  },
};

export const serviceAccountColumns: TableDef = {
  columns: [col('Name'), col('Secrets'), col('Age')],
  row(sa, ctx) {
    return [sa.metadata.name, (sa.secrets ?? []).length, ageCell(sa, ctx)];
  },
};
