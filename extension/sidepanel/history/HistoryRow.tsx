/** One conversation in the history: open it, or rename, export or delete it from its menu. */
import './HistoryRow.css';
import Braces from 'lucide-react/icons/braces';
import FileText from 'lucide-react/icons/file-text';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { Fragment } from 'react';
import type { Summary } from '../../shared/history';
import { excerptRuns, type Excerpt } from '../../shared/excerpt';
import { t } from '../../shared/i18n';
import { RowMenu } from './RowMenu';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
            // The old title selected: typing replaces it, an arrow key keeps it to edit.
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => onRenaming(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && onRenaming(null)}
          />
          <button type="submit">{t('save')}</button>
        </form>
      ) : (
        <button type="button" className="history-item" onClick={onOpen}>
          <span className="title">{item.title}</span>
          {item.excerpt && <Found excerpt={item.excerpt} />}
          <time dateTime={new Date(item.updatedAt).toISOString()}>{dateFormat.format(item.updatedAt)}</time>
        </button>
      )}
      <RowMenu
        label={t('actionsFor', item.title)}
        menuLabel={item.title}
        open={menuOpen}
        onOpen={onMenu}
        items={[
          { icon: Pencil, label: t('rename'), onSelect: () => onRenaming(item.title) },
          { icon: FileText, label: t('exportMarkdown'), onSelect: () => onExport('md') },
          { icon: Braces, label: t('exportJson'), onSelect: () => onExport('json') },
          { icon: Trash2, label: t('delete'), danger: true, onSelect: onDelete },
        ]}
      />
    </li>
  );
}

/** What a search matched, its words marked: built as text and <mark> elements, never as HTML. */
function Found({ excerpt }: { excerpt: Excerpt }) {
  return (
    <span className="excerpt">
      {excerptRuns(excerpt).map((run, i) =>
        run.marked ? <mark key={i}>{run.text}</mark> : <Fragment key={i}>{run.text}</Fragment>,
      )}
    </span>
  );
}
