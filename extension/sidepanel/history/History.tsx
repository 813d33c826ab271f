/** Past conversations: search, open, rename, delete (with undo), export and import. */
import './History.css';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { plural, t } from '../../shared/i18n';
import { send } from '../../shared/protocol';
import { exportConversations, readImportFile } from './history-files';
import { HistoryList } from './history-list';
import type { Summary } from '../../shared/history';

interface Props {
  currentId: string | null;
  onOpen: (id: string) => void;
  onRenamed: (id: string, title: string) => void;
  onDeleted: (id: string) => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function browserList(): HistoryList {
  return new HistoryList({
    list: (req) => send('history.list', req),
    remove: (req) => send('history.delete', req),
    restore: (req) => send('history.restore', req),
    update: (req) => send('history.update', req),
    import: (req) => send('history.import', req),
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
        <ul className="history-list">
          {items.slice(0, limit).map((item) => (
            <li key={item.id} aria-current={item.id === currentId ? 'true' : undefined}>
              {renaming?.id === item.id ? (
                <form
                  className="rename"
                  onSubmit={(e) => {
                    e.preventDefault();
                    rename(item.id, renaming.title);
                  }}
                >
                  <input
                    aria-label={t('newTitle')}
                    value={renaming.title}
                    autoFocus
                    onChange={(e) => setRenaming({ id: item.id, title: e.target.value })}
                    onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
                  />
                  <button type="submit">{t('save')}</button>
                </form>
              ) : (
                <button type="button" className="history-item" onClick={() => onOpen(item.id)}>
                  <span className="title">{item.title}</span>
                  <time dateTime={new Date(item.updatedAt).toISOString()}>{dateFormat.format(item.updatedAt)}</time>
                </button>
              )}
              <div
                className="row-actions"
                onBlur={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget)) setMenu(null);
                }}
                onKeyDown={(e) => e.key === 'Escape' && setMenu(null)}
              >
                <button
                  type="button"
                  className="ghost"
                  aria-expanded={menu === item.id}
                  aria-label={t('actionsFor', item.title)}
                  onClick={() => setMenu(menu === item.id ? null : item.id)}
                >
                  ⋯
                </button>
                {menu === item.id && (
                  <div className="menu" role="group" aria-label={item.title} onClick={() => setMenu(null)}>
                    <button type="button" onClick={() => setRenaming({ id: item.id, title: item.title })}>
                      {t('rename')}
                    </button>
                    <button type="button" onClick={() => void list.export([item.id], 'md')}>
                      {t('exportMarkdown')}
                    </button>
                    <button type="button" onClick={() => void list.export([item.id], 'json')}>
                      {t('exportJson')}
                    </button>
                    <button type="button" className="danger" onClick={() => remove(item)}>
                      {t('delete')}
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
          {/* A new onMore each render observes the end again: pages keep coming while it is in view. */}
          {items.length > limit && <MoreRows count={items.length - limit} onMore={() => list.showMore()} />}
        </ul>
      )}
      <footer className="history-tools">
        <button type="button" className="ghost" onClick={() => void list.export(undefined, 'md')}>
          {t('exportAllMarkdown')}
        </button>
        <button type="button" className="ghost" onClick={() => void list.export(undefined, 'json')}>
          {t('exportAllJson')}
        </button>
        <label className="file-button">
          {t('importJson')}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void list.importFile(file);
            }}
          />
        </label>
      </footer>
    </section>
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
