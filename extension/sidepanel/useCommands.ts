/** The extension's keyboard commands as the browser has them now (the user may have changed them). */
import browser, { type Commands } from 'webextension-polyfill';
import { useEffect, useState } from 'react';

/** The commands that have a description (the toolbar action's own has none), as the browser lists them. */
export function useCommands(): Commands.Command[] {
  const [commands, setCommands] = useState<Commands.Command[]>([]);
  useEffect(() => {
    browser.commands.getAll().then(setCommands, () => undefined);
  }, []);
  return commands.filter((c) => c.description);
}
