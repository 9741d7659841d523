/** What the learner reads about a trace import: its progress and how it ended, in the app's language. */
import type { Translate } from '../../i18n/translate';
import type { TraceImportResult } from '../../ui/store/createAppStore';
import type { TraceImportProgress } from '../../ui/workers/traceImportProtocol';

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);
// One formatter: toLocaleString builds a new one per call, which showed in profiles at hundreds of calls.
const steps = new Intl.NumberFormat('en');

export function traceImportProgressText(t: Translate, p: TraceImportProgress): string {
  switch (p.phase) {
    case 'reading':
      return t('share.importProgress.reading', { done: mb(p.done), total: mb(p.total) });
    case 'parsing':
      return t('share.importProgress.parsing');
    case 'loading':
      return t('share.importProgress.loading', {
        done: steps.format(p.done),
        total: steps.format(p.total),
      });
  }
}

export function traceImportResultText(t: Translate, r: TraceImportResult): string {
  switch (r.kind) {
    case 'imported':
      return t('share.imported', { count: r.steps });
    case 'cancelled':
      return t('share.importCancelled');
    case 'failed':
      return t(`share.importError.${r.code}`, r.params);
  }
}
