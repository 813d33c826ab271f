/** Past conversations: search, open, rename, delete (with undo), export and import. */
import './History.css';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { dayGroups } from './history-days';
import { plural, t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import { exportConversations, importConversations, readImportFile } from './history-files';
import { HistoryList } from './history-list';
import { HistoryRow } from './HistoryRow';
import { HistoryTools } from './HistoryTools';
import type { Summary } from '../../shared/history';

interface Props {
  currentId: string | null;
  onOpen: (id: string) => void;
  onRenamed: (id: string, title: string) => void;
  onDeleted: (id: string) => void;
}

function browserList(): HistoryList {
  return new HistoryList({
    list: (req) => send('history.list', req),
    remove: (req) => send('history.delete', req),
    restore: (req) => send('history.restore', req),
    update: (req) => send('history.update', req),
    import: importConversations,
    export: exportConversations,
    read: readImportFile,
  });
}

export function History({ currentId, onOpen, onRenamed, onDeleted }: Props) {
  const [list] = useState(browserList);
  const { query, items, damaged, limit, message, undo } = useSyncExternalStore(list.subscribe, list.snapshot);
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [menu, setMenu] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => search.current?.focus(), []);
  useEffect(() => list.load(), [list]);

  const remove = (item: Summary) => void list.remove(item).then((done) => done && onDeleted(item.id));
  const rename = (id: string, title: string) => {
    setRenaming(null);
    void list.rename(id, title).then((done) => done && onRenamed(id, title.trim()));
  };

  return (
    <section className="history" aria-label={t('history')}>
      <input
        ref={search}
        type="search"
        className="history-search"
        aria-label={t('searchConversations')}
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={(e) => list.search(e.target.value)}
      />
      {message && (
        <p className={message.error ? 'notice error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}{' '}
          {undo && !message.error && (
            <button type="button" className="ghost" onClick={() => void list.restore()}>
              {t('undo')}
            </button>
          )}
        </p>
      )}
      {damaged > 0 && <p className="notice error">{plural(damaged, 'damagedListOne', 'damagedListMany')}</p>}
      {items === null ? (
        <p className="notice">{t('loading')}</p>
      ) : items.length === 0 ? (
        <p className="notice">{query ? t('noMatch') : t('noConversations')}</p>
      ) : (
        <Groups
          items={items.slice(0, limit)}
          grouped={query === ''}
          row={(item) => (
            <HistoryRow
              key={item.id}
              item={item}
              current={item.id === currentId}
              renaming={renaming?.id === item.id ? renaming.title : null}
              onRenaming={(title) => setRenaming(title === null ? null : { id: item.id, title })}
              onRename={(title) => rename(item.id, title)}
              menuOpen={menu === item.id}
              onMenu={(open) => setMenu(open ? item.id : null)}
              onOpen={() => onOpen(item.id)}
              onExport={(format) => void list.export([item.id], format)}
              onDelete={() => remove(item)}
            />
          )}
          // A new onMore each render observes the end again: pages keep coming while it is in view.
          more={items.length > limit && <MoreRows count={items.length - limit} onMore={() => list.showMore()} />}
        />
      )}
      <HistoryTools
        // A search with no match still has conversations to export; an empty history has none.
        exportable={query !== '' || (items?.length ?? 0) > 0}
        onExport={(format) => void list.export(undefined, format)}
        onImport={(file) => void list.importFile(file)}
      />
    </section>
  );
}

/**
 * The rows, in day groups (`history-days.ts`) each with its heading, or as one list (a search's
 * matches, by relevance); `more` ends the last list.
 */
function Groups({
  items,
  grouped,
  row,
  more,
}: {
  items: Summary[];
  grouped: boolean;
  row: (item: Summary) => ReactNode;
  more: ReactNode;
}) {
  const groups = grouped ? dayGroups(items, new Date()) : [{ key: 'found', label: '', items }];
  return (
    <div className="history-scroll">
      {groups.map((group, i) => (
        <section key={group.key} aria-label={group.label || undefined}>
          {group.label && <h3 className="history-day">{group.label}</h3>}
          <ul className="history-list">
            {group.items.map(row)}
            {i === groups.length - 1 && more}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Shows more rows when it scrolls into view, or when pressed (keyboard and screen readers). */
function MoreRows({ count, onMore }: { count: number; onMore: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore());
    observer.observe(el);
    return () => observer.disconnect();
  }, [onMore]);
  return (
    <li className="more">
      <button type="button" ref={ref} className="ghost" onClick={onMore}>
        {t('showMore', count)}
      </button>
    </li>
  );
}
