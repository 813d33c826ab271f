/**
 * Chrome's built-in model in the panel: its state, asked when the settings open and every few
 * seconds while Chrome downloads it for someone else, and the download the user starts here.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../shared/errors';
import { t } from '../../../shared/i18n';
import { promptApi } from '../../../shared/on-device/prompt-api';
import { chromeModelView, downloadChromeModel, type ChromeModelView } from './chrome-model';

/** How often a download Chrome runs on its own is checked on. */
const POLL_MS = 2000;

export interface ChromeModel {
  view: ChromeModelView;
  /** Starts the download (in the click); `onReady` runs once the model is there. */
  download: (onReady: () => void) => void;
  cancel: () => void;
}

export function useChromeModel(api = promptApi()): ChromeModel {
  const [view, setView] = useState<ChromeModelView>({ state: api ? 'checking' : 'absent' });
  const ours = useRef<AbortController | null>(null);
  const check = useCallback(() => {
    if (!ours.current) void chromeModelView(api).then(setView);
  }, [api]);
  useEffect(check, [check]);
  useEffect(() => {
    if (view.state !== 'downloading' || ours.current) return;
    const timer = setInterval(check, POLL_MS);
    return () => clearInterval(timer);
  }, [view.state, check]);
  useEffect(() => () => ours.current?.abort(), []);

  const download = (onReady: () => void) => {
    if (!api || ours.current) return;
    const controller = new AbortController();
    ours.current = controller;
    setView({ state: 'downloading', fraction: 0 });
    downloadChromeModel(api, (fraction) => setView({ state: 'downloading', fraction }), controller.signal).then(
      () => {
        ours.current = null;
        setView({ state: 'available' });
        onReady();
      },
      (e: unknown) => {
        ours.current = null;
        if (controller.signal.aborted) check();
        else setView({ state: 'failed', message: t('chromeAiDownloadFailed', messageOf(e)) });
      },
    );
  };
  return { view, download, cancel: () => ours.current?.abort() };
}
