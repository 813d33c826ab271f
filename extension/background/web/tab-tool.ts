/**
 * `read_tab`'s rules (issue 29): which tab it reads, and when it asks first. It reads the tab
 * open beside the chat (the active tab of the panel's window), at the moment of the call.
 *
 * It runs without asking only for a page the user gave this conversation: a source whose
 * address is the tab's address now (`given-urls.ts`). Any other tab asks, naming its title and
 * address, and never offers "Always allow": a page the user did not give may hold instructions
 * meant to steer the model, so reading it unasked is the risk. What the user allowed is what is
 * read: a tab that changed between the question and the read (another tab, or the page moved on)
 * is not read at all.
 */
import { t } from '../../shared/i18n';
import { originPattern } from '../../shared/settings';
import type { AskFirst } from '../tools/tool-source';
import { addressKey } from './given-urls';
import type { PageProblem } from './page-fetch';
import type { ReadPage } from './read-page';

/** A tab as the browser shows it to Gloss (its address and title are empty without access). */
export interface OpenTab {
  id: number;
  url: string;
  title: string;
}

/** A tab's page as read, or why not; `pdf`: the browser's PDF viewer, read by its address instead. */
export type TabReading = { page: ReadPage } | PageProblem | { pdf: true };

/** What `read_tab` needs from the browser (`tab-reader.ts`; fakes in tests). */
export interface TabDeps {
  /** The tab beside the chat now; undefined when there is none (its window closed). */
  active: () => Promise<OpenTab | undefined>;
  /** Whether Gloss may read the tab now (a grant from the shortcut or menu, or the site's access). */
  canRead: (tab: OpenTab) => Promise<boolean>;
  /** Its page's readable text, whole (the caller cuts it). */
  read: (tab: OpenTab) => Promise<TabReading>;
}

export const READ_TAB_SPEC = {
  description:
    'Read the text of the page open beside the chat (the tab the user is looking at). Returns its title, address and readable text with its source number. Takes no arguments.',
  parameters: { type: 'object', properties: {} },
};

export class TabTool {
  /** The tab the last call asked about, as it was then (its id and address). */
  private asked: { id: number; key: string } | undefined;

  constructor(
    private readonly deps: TabDeps | undefined,
    private readonly given: ReadonlySet<string>,
    /** Notes a site whose access a call asks for, to give back after its read. */
    private readonly lend: (pattern: string) => void,
  ) {}

  /** The address of the tab the last call asked about. */
  get askedUrl(): string | undefined {
    return this.asked?.key;
  }

  /** Why this call asks (a tab the user did not give, or access to ask for); undefined: the policy decides. */
  async asksFirst(): Promise<AskFirst | undefined> {
    const tab = await this.deps?.active().catch(() => undefined);
    const key = tab && addressKey(tab.url);
    // No tab, or one Gloss cannot see or read: nothing is read, and the call says why.
    if (!tab || !key) return undefined;
    this.asked = { id: tab.id, key };
    const pattern = originPattern(key);
    const access = pattern && !(await this.deps?.canRead(tab).catch(() => false)) ? pattern : undefined;
    if (access) this.lend(access);
    const host = new URL(key).host;
    if (!this.given.has(key)) {
      const because = t('tabAsks', tab.title || host, key);
      return access ? { because: `${because} ${t('webAsksAlsoAccess', host)}`, access } : { because };
    }
    return access ? { because: t('webAsksAccess', host), access } : undefined;
  }

  /** The tab to read now, or why none is read (the words go to the model and the step). */
  async target(): Promise<OpenTab | PageProblem> {
    const tab = await this.deps?.active().catch(() => undefined);
    if (!tab) return { problem: t('tabNone') };
    const key = addressKey(tab.url);
    if (!key) return { problem: tab.url ? t('tabUnreadable', tab.title || tab.url, tab.url) : t('tabNoAccess') };
    const allowed = this.given.has(key) || (this.asked?.id === tab.id && this.asked.key === key);
    return allowed ? tab : { problem: t('tabChanged', key) };
  }

  /** Reads `tab` (one `target` gave). */
  read(tab: OpenTab): Promise<TabReading> {
    return this.deps ? this.deps.read(tab) : Promise.resolve({ problem: t('tabNone') });
  }
}
