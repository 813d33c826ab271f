/**
 * A long question, quote or tool result, shown a few lines tall with "Show more": a tall question bubble
 * otherwise fills the panel and pushes its answer out of sight (issue 12).
 */
import './Collapsible.css';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../shared/i18n';

interface Props {
  /** The element that holds the text (a paragraph, a blockquote). */
  as: 'p' | 'blockquote' | 'pre';
  className: string;
  children: ReactNode;
}

export function Collapsible({ as: Tag, className, children }: Props) {
  const box = useRef<HTMLParagraphElement & HTMLQuoteElement & HTMLPreElement>(null);
  const [open, setOpen] = useState(false);
  // Whether the text is taller than its collapsed height, measured, since the lines a text
  // takes depend on the panel's width; the panel can be resized, so it is measured again then.
  const [long, setLong] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || open) return;
    const measure = () => setLong(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open, children]);

  return (
    <>
      <Tag
        ref={box}
        className={`${className} collapsible`}
        data-collapsed={open ? undefined : ''}
        data-cut={!open && long ? '' : undefined}
      >
        {children}
      </Tag>
      {(long || open) && (
        <button type="button" className="more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('showLess') : t('showMoreText')}
        </button>
      )}
    </>
  );
}
