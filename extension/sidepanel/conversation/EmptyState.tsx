/**
 * What a new chat shows before the first question: what Gloss can do, the shortcuts as the browser
 * has them now, and where the quick actions are. One compact group, so it reads as a start page
 * rather than three lines scattered over the height.
 */
import './EmptyState.css';
import FileText from 'lucide-react/icons/file-text';
import HistoryIcon from 'lucide-react/icons/history';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import Zap from 'lucide-react/icons/zap';
import type { LucideIcon } from 'lucide-react';
import { t } from '../../shared/i18n';
import { useCommands } from '../useCommands';

export function EmptyState({ quickActions }: { quickActions: string[] }) {
  const shortcuts = useCommands().filter((c) => c.shortcut);
  const points: [LucideIcon, string][] = [
    [MessageSquareText, t('emptyHow')],
    [FileText, t('emptyPage', t('menuAskPage'), t('menuSummarizePage'))],
    ...(quickActions.length > 0
      ? [[Zap, t('emptyQuickActions', quickActions.join(' · '))] as [LucideIcon, string]]
      : []),
    [HistoryIcon, t('emptyKept')],
  ];
  return (
    <div className="conversation empty">
      <div className="empty-state">
        <h2>{t('emptyTitle')}</h2>
        <ul className="empty-points">
          {points.map(([Icon, text]) => (
            <li key={text}>
              <Icon aria-hidden="true" size={18} strokeWidth={1.75} />
              <span>{text}</span>
            </li>
          ))}
        </ul>
        {shortcuts.length > 0 && (
          <section className="empty-shortcuts" aria-labelledby="empty-shortcuts-title">
            <h3 id="empty-shortcuts-title">{t('shortcuts')}</h3>
            <dl>
              {shortcuts.map((c) => (
                <div key={c.name}>
                  <dt>
                    <kbd>{c.shortcut}</kbd>
                  </dt>
                  <dd>{c.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
    </div>
  );
}
