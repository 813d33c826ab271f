/** One conversation in the history: open it, or rename, export or delete it from its menu. */
import './HistoryRow.css';
import type { Summary } from '../../shared/history';
import { t } from '../../shared/i18n';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const EXPORTS = [
  ['md', 'exportMarkdown'],
  ['json', 'exportJson'],
] as const;

interface Props {
  item: Summary;
  current: boolean;
  /** The title being typed while the row is renamed, else null. */
  renaming: string | null;
  onRenaming: (title: string | null) => void;
  onRename: (title: string) => void;
  menuOpen: boolean;
  onMenu: (open: boolean) => void;
  onOpen: () => void;
  onExport: (format: 'md' | 'json') => void;
  onDelete: () => void;
}

export function HistoryRow(props: Props) {
  const { item, current, renaming, onRenaming, onRename, menuOpen, onMenu, onOpen, onExport, onDelete } = props;
  return (
    <li aria-current={current ? 'true' : undefined}>
      {renaming !== null ? (
        <form
          className="rename"
          onSubmit={(e) => {
            e.preventDefault();
            onRename(renaming);
          }}
        >
          <input
            aria-label={t('newTitle')}
            value={renaming}
            autoFocus
            onChange={(e) => onRenaming(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && onRenaming(null)}
          />
          <button type="submit">{t('save')}</button>
        </form>
      ) : (
        <button type="button" className="history-item" onClick={onOpen}>
          <span className="title">{item.title}</span>
          <time dateTime={new Date(item.updatedAt).toISOString()}>{dateFormat.format(item.updatedAt)}</time>
        </button>
      )}
      <div
        className="row-actions"
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) onMenu(false);
        }}
        onKeyDown={(e) => e.key === 'Escape' && onMenu(false)}
      >
        <button
          type="button"
          className="ghost"
          aria-expanded={menuOpen}
          aria-label={t('actionsFor', item.title)}
          onClick={() => onMenu(!menuOpen)}
        >
          ⋯
        </button>
        {menuOpen && (
          <div className="menu" role="group" aria-label={item.title} onClick={() => onMenu(false)}>
            <button type="button" onClick={() => onRenaming(item.title)}>
              {t('rename')}
            </button>
            {EXPORTS.map(([format, label]) => (
              <button key={format} type="button" onClick={() => onExport(format)}>
                {t(label)}
              </button>
            ))}
            <button type="button" className="danger" onClick={onDelete}>
              {t('delete')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
