/**
 * Settings → Web's form: the draft (the saved settings until the user edits), Save, and what it
 * answered. Save asks for the engine's access in the click, before any await (browsers show the
 * prompt only there), and saves whatever the answer: without access the form says what is
 * missing, with a button to ask again.
 */
import { useState } from 'react';
import { messageOf } from '../../../shared/errors';
import type { WebSettings } from '../../../shared/web/web-settings';
import { requestOrigins } from '../permissions';
import type { Problem } from '../ProviderFields';
import { draftAccess } from './web-access';
import type { SavedKeys, WebChanges } from './web-changes';
import { draftOf, type WebDraft } from './web-form';

export function useWebForm(changes: WebChanges, web: WebSettings, onKeys: (keys: SavedKeys) => void) {
  const [edited, setEdited] = useState<WebDraft | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const draft = edited ?? draftOf(web);
  const edit = (next: WebDraft) => {
    setEdited(next);
    setStatus('idle');
    setProblem(null);
  };
  const save = () => {
    const pattern = draftAccess(draft);
    if (pattern) void requestOrigins([pattern]); // in the click, before any await
    setStatus('saving');
    changes.save(draft).then(
      (saved) => {
        if (saved.ok) onKeys(saved.keys);
        if (saved.ok) setEdited(null);
        setProblem(saved.ok ? null : saved);
        setStatus(saved.ok ? 'saved' : 'idle');
      },
      (e: unknown) => {
        setProblem({ field: 'form', message: messageOf(e) });
        setStatus('idle');
      },
    );
  };
  return { draft, edit, save, problem, status };
}

export type WebForm = ReturnType<typeof useWebForm>;
