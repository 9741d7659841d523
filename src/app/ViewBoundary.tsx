/**
 * One view's failure stays in that view (an imported trace with `cluster: {}` gave a white page). The
 * boundary shows a translated message in place of the view and tries again when the run changes (`resetKey`).
 */
import { Component, type ReactNode } from 'react';
import { useT } from '../ui/i18n/translateContext';

interface Props {
  /** Which view, for the message and for tests (`data-view`). */
  view: string;
  /** A new value (a new run) clears the error and renders the view again. */
  resetKey: unknown;
  children: ReactNode;
}

export class ViewBoundary extends Component<Props, { error: Error | null; key: unknown }> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <ViewFailed view={this.props.view} message={this.state.error.message} />;
  }
}

function ViewFailed({ view, message }: { view: string; message: string }) {
  const t = useT();
  return (
    <div className="notice view-failed" role="alert" data-testid="view-failed" data-view={view}>
      <strong>{t('view.failed.title')}</strong>
      <p>{t('view.failed.body')}</p>
      <p className="view-failed__detail">{message.slice(0, 300)}</p>
    </div>
  );
}
