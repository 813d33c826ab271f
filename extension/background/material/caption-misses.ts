/**
 * Why no way of reading a video's captions gave a transcript (`captions.ts`), and the one
 * message the user gets for it: the most telling reason first, and, where it helps, what the
 * user can do (YouTube's own transcript panel, which Gloss reads once it is open). A gated or
 * empty answer is never taken for "this video has no captions".
 */
import type { PlayerProblem } from '../core';
import { t } from '../../shared/i18n';

/** How long the tab waits for YouTube's answer to each fetch. */
export const FETCH_SECONDS = 20;

export type Miss =
  /** The page's player config (ytcfg) had no key or context for the player endpoint. */
  | { kind: 'config'; detail: string }
  /** The player endpoint, asked as `client`, gave no captions list. */
  | { kind: 'player'; client: string; problem: PlayerProblem }
  /** A source that knows said the video has no caption tracks. */
  | { kind: 'noTracks' }
  /** A caption address needs the web player's token, which Gloss cannot make. */
  | { kind: 'gated' }
  /** A caption track answered with nothing (`gated`: its address needed the token). */
  | { kind: 'empty'; track: string; gated: boolean }
  /** A fetch failed. */
  | { kind: 'fetch'; why: string; status?: number; timedOut?: boolean };

const problems = (misses: Miss[]) => misses.flatMap((m) => (m.kind === 'player' ? [m.problem] : []));

export function missMessage(misses: Miss[]): string {
  const player = problems(misses);
  const login = player.find((p) => p.kind === 'login');
  if (login?.kind === 'login') return t('videoLogin', login.reason || 'LOGIN_REQUIRED');
  const unplayable = player.find((p) => p.kind === 'unplayable');
  if (unplayable?.kind === 'unplayable') return t('videoUnplayable', unplayable.reason || unplayable.status);
  if (misses.some((m) => m.kind === 'fetch' && m.status === 429)) return t('videoRateLimited');
  if (misses.some((m) => m.kind === 'gated' || (m.kind === 'empty' && m.gated))) return t('videoCaptionsGated');
  const changed = player.find((p) => p.kind === 'otherVideo' || p.kind === 'shape');
  if (changed?.kind === 'otherVideo') return t('videoShapeChanged', t('videoOtherVideo', changed.id));
  if (changed?.kind === 'shape') return t('videoShapeChanged', changed.detail);
  const trouble = misses.filter((m) => m.kind === 'empty' || m.kind === 'fetch');
  if (misses.some((m) => m.kind === 'noTracks') && trouble.length === 0) return t('videoNoCaptions');
  const empty = misses.find((m) => m.kind === 'empty');
  if (empty?.kind === 'empty') return t('videoCaptionsEmpty', empty.track);
  const failed = misses.find((m) => m.kind === 'fetch');
  if (failed?.kind === 'fetch')
    return t('videoDownloadFailed', failed.timedOut ? t('videoTimedOut', FETCH_SECONDS) : failed.why);
  const refused = player.find((p) => p.kind === 'refused');
  if (refused?.kind === 'refused') return t('videoPlayerRefused', refused.status, refused.reason || '—');
  const config = misses.find((m) => m.kind === 'config');
  return t('videoShapeChanged', config?.kind === 'config' ? config.detail : '—');
}
