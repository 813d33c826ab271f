/**
 * One source of a sent question: its title (what and from where), then the start of its text,
 * a few lines tall. A quote keeps more lines than a whole page, PDF or transcript, whose first
 * lines say little; "Show more" opens either.
 */
import type { AttachmentView } from '../../shared/attachment';
import { chipTitle, hostOf } from '../material/attachment-text';
import { Collapsible } from '../Collapsible';

export function SentQuote({ source }: { source: AttachmentView }) {
  const host = hostOf(source.url);
  return (
    <>
      <p className="quoted-title" title={source.url || source.title}>
        {chipTitle(source.kind, source.title)}
        {host && <span className="hint"> ·&nbsp;{host}</span>}
      </p>
      <Collapsible as="blockquote" className={source.kind === 'selection' ? 'quoted' : 'quoted quoted-whole'}>
        {source.chars > source.preview.length ? `${source.preview}…` : source.preview}
      </Collapsible>
    </>
  );
}
