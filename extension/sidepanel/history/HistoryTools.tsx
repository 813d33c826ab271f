/** Under the history: export every conversation (Markdown or JSON), or import a JSON export. */
import './HistoryTools.css';
import { t } from '../../shared/i18n';

interface Props {
  /** Whether there is anything to export: an empty history offers only Import. */
  exportable: boolean;
  onExport: (format: 'md' | 'json') => void;
  onImport: (file: File) => void;
}

export function HistoryTools({ exportable, onExport, onImport }: Props) {
  return (
    <footer className="history-tools">
      {exportable && (
        <>
          <button type="button" className="ghost" onClick={() => onExport('md')}>
            {t('exportAllMarkdown')}
          </button>
          <button type="button" className="ghost" onClick={() => onExport('json')}>
            {t('exportAllJson')}
          </button>
        </>
      )}
      <label className="file-button">
        {t('importJson')}
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onImport(file);
          }}
        />
      </label>
    </footer>
  );
}
