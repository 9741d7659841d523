import { Modal } from './Modal';
import { useT } from '../ui/i18n/translateContext';
import { useAppApi } from '../ui/store/useApp';

const ROWS: Array<[string[], string]> = [
  [['→', 'PageDown'], 'app.help.next'],
  [['←', 'PageUp'], 'app.help.prev'],
  [['Space'], 'app.help.play'],
  [['Home', 'End'], 'app.help.firstLast'],
  [['Shift+→', 'Shift+←'], 'app.help.phase'],
  [['<', '>'], 'app.help.speed'],
  [['?'], 'app.help.help'],
  [['i'], 'app.help.interventions'],
  [['b'], 'app.help.nextBranch'],
  [['Shift+B'], 'app.help.originalBranch'],
  [['Ctrl+Enter', '⌘+Enter'], 'app.help.apply'],
];

export function HelpDialog() {
  const t = useT();
  const api = useAppApi();
  return (
    <Modal title={t('app.help.title')} onClose={() => api.getState().setDialog(null)}>
      <table className="shortcuts">
        <tbody>
          {ROWS.map(([keys, label]) => (
            <tr key={label}>
              <td>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' / '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">{t('app.help.note')}</p>
    </Modal>
  );
}
