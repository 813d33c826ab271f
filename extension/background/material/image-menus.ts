/**
 * The context menu's image items. "Screenshot for Gloss" opens the panel and asks it to take the
 * screenshot (the click grants `activeTab`, which `captureVisibleTab` needs; the panel shows the
 * capture to crop before anything is sent). "Ask Gloss about this image" gets the image's pixels
 * with no new permission: its own file when the tab's temporary access (or the server's CORS)
 * lets the worker download it, otherwise the part of a screenshot of the tab it covers. Either
 * way the panel is opened first, synchronously in the click: an `await` before loses the gesture.
 */
import browser, { type Menus, type Tabs } from 'webextension-polyfill';
import { handOver } from './hand-over';
import { openPanel, panelReady } from '../panel';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import type { QuestionImage } from '../../shared/images/image';
import { clampRect, dataUrlBlob, prepareImage, prepareSized } from '../../shared/images/image-prepare';
import { pendingImageKey, type PendingImage } from '../../shared/images/pending-image';
import { imageScale, locateImage, type ImageOnScreen } from './image-on-screen';
import { readBlob, sizeLabel } from '../../shared/read-body';

const MENU_SCREENSHOT = 'gloss-screenshot';
const MENU_IMAGE = 'gloss-ask-image';

/** Largest image file downloaded to be scaled down (a bigger one is cropped from the screen). */
const MAX_DOWNLOAD = 40 * 1024 * 1024;
/** A server that stalls does not keep the panel waiting: the screen has the image too. */
const DOWNLOAD_MS = 15_000;

/** Adds the items; called after the page items, so the submenu on a page keeps their order. */
export function createImageMenus(): void {
  browser.contextMenus.create({ id: MENU_SCREENSHOT, title: t('menuScreenshot'), contexts: ['page'] });
  browser.contextMenus.create({ id: MENU_IMAGE, title: t('menuAskImage'), contexts: ['image'] });
}

export function setUpImageMenus(): void {
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (!tab || (info.menuItemId !== MENU_SCREENSHOT && info.menuItemId !== MENU_IMAGE)) return;
    openPanel(tab);
    const pending =
      info.menuItemId === MENU_SCREENSHOT ? Promise.resolve({ screenshot: true as const }) : pageImage(tab, info);
    void pending.then((p) => leave(tab, p)).catch(console.error);
  });
  browser.windows.onRemoved.addListener((windowId) => void browser.storage.session.remove(pendingImageKey(windowId)));
}

async function leave(tab: Tabs.Tab, pending: PendingImage): Promise<void> {
  await panelReady(tab.windowId ?? -1);
  await handOver(pendingImageKey(tab.windowId ?? -1), pending, 'imageNotPassed');
}

/** The right-clicked image, prepared: downloaded if allowed, else cut from the visible tab. */
async function pageImage(tab: Tabs.Tab, info: Menus.OnClickData): Promise<PendingImage> {
  const src = info.srcUrl ?? '';
  try {
    const { image, scaled } = await prepareSized(await download(src));
    return { image, how: 'fetched', scaled };
  } catch {
    // Not ours to download (another origin without CORS, a blob: of the page's): the screen has it.
  }
  try {
    return { image: await cropFromTab(tab, info.frameId ?? 0, src), how: 'cropped' };
  } catch (e) {
    return { error: t('pageImageUnreadable', messageOf(e)) };
  }
}

/** The image's file, if the worker may read it: data: URLs, or http(s) within the tab's access. */
async function download(src: string): Promise<Blob> {
  if (src.startsWith('data:')) return dataUrlBlob(src);
  if (!/^https?:/.test(src)) throw new Error('not downloadable');
  // No cookies: only what the tab's temporary access (or the server's CORS) already allows.
  const response = await fetch(src, { credentials: 'omit', signal: AbortSignal.timeout(DOWNLOAD_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const file = await readBlob(response, MAX_DOWNLOAD, response.headers.get('content-type') ?? '');
  if (!file) throw new Error(`over ${sizeLabel(MAX_DOWNLOAD)}`);
  return file;
}

/**
 * The part of a screenshot of the tab the image covers. Opening the panel narrows the page and
 * may move the image, so where it is is read again after the capture; a move means try again.
 */
async function cropFromTab(tab: Tabs.Tab, frameId: number, src: string): Promise<QuestionImage> {
  // Only the top frame's coordinates are the screenshot's.
  if (frameId !== 0) throw new Error(t('pageImageInFrame'));
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await locate(tab, src);
    await stillInFront(tab);
    const shot = dataUrlBlob(await browser.tabs.captureVisibleTab(tab.windowId ?? -1, { format: 'png' }));
    await stillInFront(tab);
    const after = await locate(tab, src);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await new Promise((r) => setTimeout(r, 300));
      continue;
    }
    const bitmap = await createImageBitmap(shot);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    const rect = clampRect(imageScale(after, size.width), size.width, size.height);
    if (!rect) throw new Error(t('pageImageOffScreen'));
    return prepareImage(shot, rect);
  }
  throw new Error(t('pageImageMoving'));
}

/**
 * The tab asked about is still the one its window shows, at the same address. The capture takes
 * whatever tab is in front by then: after a download that failed late (up to DOWNLOAD_MS), the
 * user may have switched tabs or the page may have gone on, and another page's pixels must not
 * be sent as this image. Checked before and after the capture, since either may change during it.
 */
async function stillInFront(tab: Tabs.Tab): Promise<void> {
  const [front] = await browser.tabs.query({ active: true, windowId: tab.windowId ?? -1 });
  if (!front || front.id !== tab.id || front.url !== tab.url) throw new Error(t('pageImageTabChanged'));
}

async function locate(tab: Tabs.Tab, src: string): Promise<ImageOnScreen> {
  const [result] = await browser.scripting.executeScript({
    target: { tabId: tab.id ?? -1 },
    func: locateImage,
    args: [src],
  });
  const found = result?.result as ImageOnScreen | null | undefined;
  if (!found) throw new Error(t('pageImageOffScreen'));
  return found;
}
