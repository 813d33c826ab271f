/**
 * The quick actions library in Settings: each action can be moved up or down (the order of the
 * chips under the question box), edited in place, or removed; new ones are added below. The
 * list's rules are `quick-actions.ts`'s.
 */
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Pencil from 'lucide-react/icons/pencil';
import Trash from 'lucide-react/icons/trash-2';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { DEFAULT_QUICK_ACTIONS, type QuickAction } from '../../../shared/preferences';
import { t } from '../../../shared/i18n';
import { IconButton } from '../../IconButton';
import { ActionEditor, AddAction } from './ActionForms';
import { edited, moved } from './quick-actions';

interface Props {
  actions: QuickAction[];
  onChange: (actions: QuickAction[]) => void;
}

export function QuickActions({ actions: stored, onChange }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const { actions, change } = useLatest(stored, onChange);
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRefocus(list, actions);
  const move = (i: number, by: -1 | 1) => {
    refocus({ id: actions[i]?.id ?? '', by });
    change(moved(actions, i, by));
  };
  const save = (id: string, edit: { label: string; prompt: string }) => {
    const next = edited(actions, id, edit);
    if (next) change(next);
    if (next) setEditing(null);
    return next !== null;
  };
  return (
    <section className="quick-actions-settings" aria-labelledby="quick-actions-title">
      <h3 id="quick-actions-title">{t('quickActions')}</h3>
      <p className="hint">{t('quickActionsHint')}</p>
      <ul ref={list}>
        {actions.map((a, i) => (
          <li key={a.id} data-action={a.id}>
            {editing === a.id ? (
              <ActionEditor action={a} onSave={(c) => save(a.id, c)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <span className="action-text">
                  <strong>{a.label}</strong> <span className="hint">{a.prompt}</span>
                </span>
                <span className="action-buttons">
                  <IconButton
                    icon={ArrowUp}
                    className="small"
                    label={t('moveActionUp', a.label)}
                    data-by={-1}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  />
                  <IconButton
                    icon={ArrowDown}
                    className="small"
                    label={t('moveActionDown', a.label)}
                    data-by={1}
                    disabled={i === actions.length - 1}
                    onClick={() => move(i, 1)}
                  />
                  <IconButton
                    icon={Pencil}
                    className="small"
                    label={t('editAction', a.label)}
                    onClick={() => setEditing(a.id)}
                  />
                  <IconButton
                    icon={Trash}
                    className="small"
                    label={t('removeAction', a.label)}
                    onClick={() => change(actions.filter((x) => x.id !== a.id))}
                  />
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      <AddAction onAdd={(action) => change([...actions, action])} />
      <button type="button" className="ghost" onClick={() => change(DEFAULT_QUICK_ACTIONS)}>
        {t('restoreActions')}
      </button>
    </section>
  );
}

/**
 * The list as the user last changed it, until the stored settings come back with that change:
 * a second move pressed before then moves from where the first one left the action, not from
 * where the stored list still has it.
 */
function useLatest(stored: QuickAction[], onChange: (actions: QuickAction[]) => void) {
  const [sent, setSent] = useState<QuickAction[] | null>(null);
  if (sent && JSON.stringify(sent) === JSON.stringify(stored)) setSent(null);
  const change = (next: QuickAction[]) => {
    setSent(next);
    onChange(next);
  };
  return { actions: sent ?? stored, change };
}

/**
 * Keeps the keyboard on the arrow just pressed once its action has moved (React moves the row,
 * and a moved or newly disabled button loses the focus); at an end, on the other arrow.
 */
function useRefocus(list: RefObject<HTMLUListElement | null>, actions: QuickAction[]) {
  const [moving, setMoving] = useState<{ id: string; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!moving) return;
    const row = list.current?.querySelector(`li[data-action="${CSS.escape(moving.id)}"]`);
    const arrows = [`button[data-by="${moving.by}"]:not(:disabled)`, `button[data-by="${-moving.by}"]`];
    const button = arrows.map((s) => row?.querySelector<HTMLButtonElement>(s)).find(Boolean);
    button?.focus();
  }, [actions, moving, list]);
  return setMoving;
}
