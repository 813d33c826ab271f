/**
 * Where an API key may travel over plain `http://`: to this computer and to private networks,
 * where local model servers (Ollama, LM Studio, llama.cpp) usually run without TLS. Anywhere
 * else a key in clear text can be read by anyone on the way, so Gloss refuses to send one there.
 *
 * This is decided on the browser's own URL parser (the one `fetch` uses), so the host checked is
 * the host connected to: `http://0x7f.1/` is 127.0.0.1, and `http://10.0.0.1\@example.com/`
 * is example.com, as the browser reads them.
 */
import { t } from './i18n';
import { originOf } from './key-origin';
import { serverPreset, type PresetId } from './presets';

/** A key may go to this base URL: it is https, or http to a loopback or private address. */
export function keyMayTravel(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && isPrivateHost(url.hostname));
}

/**
 * Why a key may not go to this base URL (plain http to a public host), or null when it may or
 * when no key would be sent. The worker refuses with it; the form says it before Save.
 */
export function keyRefusal(baseUrl: string, sendsKey: boolean): string | null {
  return sendsKey && !keyMayTravel(baseUrl) ? t('keyOverHttp', originOf(baseUrl) ?? baseUrl.trim()) : null;
}

/**
 * Why a provider cannot be used yet: its preset is a cloud service that needs a key, none is
 * set, and the base URL is a public host (a local server behind the same preset may need none).
 * Save asks for the key with it, and the worker refuses to send a question without one.
 */
export function keyMissing(preset: PresetId, baseUrl: string, hasKey: boolean): string | null {
  const info = serverPreset(preset);
  if (!info?.needsKey || hasKey) return null;
  let host: string;
  try {
    host = new URL(baseUrl.trim()).hostname;
  } catch {
    return null;
  }
  return isPrivateHost(host) ? null : t('keyNeeded', info.label, info.keyHelp ?? '');
}

/**
 * Loopback, private and link-local addresses (RFC 1918, RFC 4193, RFC 3927, RFC 4291), the
 * `localhost` names (RFC 6761) and mDNS's `.local` (RFC 6762), as the URL parser writes them.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host.startsWith('[')) return isPrivateIpv6(host.slice(1, -1));
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || !/^[\d.]+$/.test(host)) return false;
  const [a = -1, b = -1] = octets;
  return (
    a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
  );
}

/** `::1`, unique local `fc00::/7` and link-local `fe80::/10` (the parser writes lower-case hex). */
function isPrivateIpv6(address: string): boolean {
  if (address === '::1') return true;
  const first = address.split(':')[0] ?? '';
  if (!/^[0-9a-f]{4}$/.test(first)) return false;
  const hextet = parseInt(first, 16);
  return (hextet & 0xfe00) === 0xfc00 || (hextet & 0xffc0) === 0xfe80;
}
