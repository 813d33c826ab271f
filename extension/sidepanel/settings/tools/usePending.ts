/**
 * A choice shown as made while the worker stores it: a switch or a radio button bound to the
 * stored settings would otherwise jump back until the answer came. Once the latest change
 * settles, stored or not, the stored value is shown again.
 */
import { useRef, useState } from 'react';

export function usePending<T>(stored: T): [shown: T, choose: (value: T, change: Promise<unknown>) => void] {
  const [pending, setPending] = useState<{ value: T } | null>(null);
  const latest = useRef(0);
  const choose = (value: T, change: Promise<unknown>) => {
    const mine = ++latest.current;
    setPending({ value });
    const settle = () => {
      if (mine === latest.current) setPending(null);
    };
    change.then(settle, settle);
  };
  return [pending ? pending.value : stored, choose];
}
