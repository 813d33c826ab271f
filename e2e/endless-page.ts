/**
 * A page that never ends, for the checks that Gloss reads a page's start and then closes the
 * connection: a log or a stream that would fill the memory of a reader that waits for its end.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';

const MB = 1024 * 1024;

/** What the server made of the page, and whether the reader closed the connection. */
export interface EndlessCount {
  made: number;
  closed: boolean;
}

/**
 * One paragraph made as the reader takes it, without end (a reader that does not stop fails
 * at 1 GB). The server destroys the stream when the connection closes (`https-server.ts`),
 * which sets `count.closed`.
 */
export function endlessPage(count: EndlessCount, title = 'Server log'): Readable {
  count.made = 0;
  count.closed = false;
  return Readable.from(
    (function* () {
      try {
        yield `<!doctype html><title>${title}</title><p>`;
        while (count.made < 1024 * MB) {
          count.made += 64 * 1024;
          yield 'line '.repeat((64 * 1024) / 5);
        }
      } finally {
        count.closed = true;
      }
    })(),
  );
}

/**
 * The most bytes that can be on their way between the server and a reader that stopped: the
 * kernel's largest socket buffers on each side (loopback grows them up to these), and 4 MB for
 * the browser's own pipe and TLS records. On a machine with `tcp_rmem` at 32 MB this is 40 MB,
 * which is why the page has no end instead of 50 MB.
 */
export function inFlightMax(): number {
  const largest = (file: string) => Number(readFileSync(`/proc/sys/net/ipv4/${file}`, 'utf8').trim().split(/\s+/)[2]);
  return largest('tcp_rmem') + largest('tcp_wmem') + 4 * MB;
}
