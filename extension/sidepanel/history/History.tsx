/** Past conversations: search, open, rename, delete (with undo), export and import. */
import './History.css';
import { useEffect, useRef, useState } from 'react';
import type { ConversationData, Summary } from '../../shared/history';
import { send } from '../../shared/protocol';
import { exportConversations, readImportFile } from './history-files';
import { plural, t, type MessageKey } from '../../shared/i18n';

interface Props {
  currentId: string | null;
  onOpen: (id: string) => void;
  onRenamed: (id: string, title: string) => void;
  onDeleted: (id: string) => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** Rows rendered at first and added each time the end of the list comes into view. */
const PAGE = 50;

export function History({ currentId, onOpen, onRenamed, onDeleted }: Props) {
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<Summary[] | null>(null);
  const [damaged, setDamaged] = useState(0);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [undo, setUndo] = useState<ConversationData | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [version, setVersion] = useState(0);
  const [limit, setLimit] = useState(PAGE);
  const [menu, setMenu] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const refresh = () => setVersion((n) => n + 1);

  useEffect(() => search.current?.focus(), []);
  useEffect(() => {
    let current = true;
    send('history.list', { query }).then(
      (r) => {
        if (!current) return;
        setLimit(PAGE);
        setItems(r.conversations);
        setDamaged(r.damaged);
      },
      (e: unknown) => current && setMessage({ text: t('historyReadFailed', String(e)), error: true }),
    );
    return () => {
      current = false;
    };
  }, [query, version]);

  const fail = (what: MessageKey) => (e: unknown) =>
    setMessage({ text: t(what, e instanceof Error ? e.message : String(e)), error: true });

  const remove = async (item: Summary) => {
    const { removed } = await send('history.delete', { id: item.id });
    setUndo(removed);
    setMessage({ text: t('deleted', item.title) });
    onDeleted(item.id);
    refresh();
  };
  const restore = async () => {
    if (!undo) return;
    await send('history.restore', { data: undo });
    setMessage({ text: t('restored', undo.conversation.title) });
    setUndo(null);
    refresh();
  };
  const rename = async (id: string, title: string) => {
    setRenaming(null);
    if (!title.trim()) return;
    await send('history.update', { id, title: title.trim() });
    onRenamed(id, title.trim());
    refresh();
  };
  const importFile = async (file: File) => {
    const { imported } = await send('history.import', { file: await readImportFile(file) });
    setMessage({ text: plural(imported, 'importedOne', 'importedMany') });
    refresh();
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
        onChange={(e) => setQuery(e.target.value)}
      />
      {message && (
        <p className={message.error ? 'notice error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}{' '}
          {undo && !message.error && (
            <button type="button" className="ghost" onClick={() => void restore().catch(fail('undoFailed'))}>
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
                    void rename(item.id, renaming.title).catch(fail('renameFailed'));
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
                    <button
                      type="button"
                      onClick={() => void exportConversations([item.id], 'md').catch(fail('exportFailed'))}
                    >
                      {t('exportMarkdown')}
                    </button>
                    <button
                      type="button"
                      onClick={() => void exportConversations([item.id], 'json').catch(fail('exportFailed'))}
                    >
                      {t('exportJson')}
                    </button>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => void remove(item).catch(fail('deleteFailed'))}
                    >
                      {t('delete')}
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
          {items.length > limit && <MoreRows count={items.length - limit} onMore={() => setLimit(limit + PAGE)} />}
        </ul>
      )}
      <footer className="history-tools">
        <button
          type="button"
          className="ghost"
          onClick={() => void exportConversations(undefined, 'md').catch(fail('exportFailed'))}
        >
          {t('exportAllMarkdown')}
        </button>
        <button
          type="button"
          className="ghost"
          onClick={() => void exportConversations(undefined, 'json').catch(fail('exportFailed'))}
        >
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
              if (file) void importFile(file).catch(fail('importFailed'));
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
