/**
 * The provider form's fields that are more than a label and an input: the preset, the base URL
 * with the core's complaint about it, and the API key (kept, replaced or removed).
 */
import { t } from '../../shared/i18n';
import { keyMove, originOf } from '../../shared/key-origin';
import { keyRefusal } from '../../shared/key-transport';
import { SERVER_PRESET_IDS, PRESETS, type Preset, type ServerPresetId } from '../../shared/presets';

/** What the core's check or the save found wrong, and with which field ('form' for neither). */
export type Problem = { field: string; message: string } | null;

/** `problem`'s message when it is about `field`, tied to the field by its id. */
export function FieldError({ id, field, problem }: { id: string; field: string; problem: Problem }) {
  return problem?.field === field ? (
    <p className="field-error" id={`${id}-${field}-error`} role="alert">
      {problem.message}
    </p>
  ) : null;
}

interface PresetProps {
  id: string;
  value: ServerPresetId;
  onChange: (p: ServerPresetId) => void;
}

export function PresetField({ id, value, onChange }: PresetProps) {
  return (
    <>
      <label htmlFor={`${id}-preset`}>{t('providerType')}</label>
      <select id={`${id}-preset`} value={value} onChange={(e) => onChange(e.target.value as ServerPresetId)}>
        {SERVER_PRESET_IDS.map((p) => (
          <option key={p} value={p}>
            {PRESETS[p].label}
          </option>
        ))}
      </select>
    </>
  );
}

interface BaseUrlProps {
  id: string;
  value: string;
  onChange: (baseUrl: string) => void;
  problem: Problem;
  /** The chat URL the core builds from `value`, once it accepts it. */
  calls: string | null;
}

export function BaseUrlField({ id, value, onChange, problem, calls }: BaseUrlProps) {
  const invalid = problem?.field === 'baseUrl';
  return (
    <>
      <label htmlFor={`${id}-url`}>{t('baseUrl')}</label>
      <input
        id={`${id}-url`}
        type="url"
        required
        value={value}
        placeholder="https://api.example.com/v1"
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-baseUrl-error` : calls ? `${id}-calls` : undefined}
      />
      <FieldError id={id} field="baseUrl" problem={problem} />
      {!invalid && calls && (
        <p className="hint calls-url" id={`${id}-calls`}>
          {t('callsUrl')} <code>{calls}</code>
        </p>
      )}
    </>
  );
}

interface ApiKeyProps {
  id: string;
  preset: Preset;
  /** A key is stored: an empty field keeps it. */
  saved: boolean;
  value: string;
  onChange: (apiKey: string) => void;
  remove: boolean;
  onRemove: (remove: boolean) => void;
  /** What will (not) happen to the key at this base URL, from {@link keyNotice}. */
  notice: string | null;
  problem: Problem;
}

export function ApiKeyField({ id, preset, saved, value, onChange, remove, onRemove, notice, problem }: ApiKeyProps) {
  const describedBy = problem?.field === 'apiKey' ? `${id}-apiKey-error` : notice ? `${id}-key-notice` : undefined;
  return (
    <>
      <label htmlFor={`${id}-key`}>
        {saved ? t('apiKeySaved') : preset.needsKey ? t('apiKey') : t('apiKeyOptional')}
      </label>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        placeholder={saved && !notice ? t('keepSavedKey') : (preset.keyHelp ?? '')}
        value={value}
        disabled={remove}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem?.field === 'apiKey'}
        aria-describedby={describedBy}
      />
      {problem?.field === 'apiKey' ? (
        <FieldError id={id} field="apiKey" problem={problem} />
      ) : (
        notice && (
          <p className="hint key-notice" id={`${id}-key-notice`}>
            {notice}
          </p>
        )
      )}
      {saved && (
        <label className="check">
          <input type="checkbox" checked={remove} onChange={(e) => onRemove(e.target.checked)} /> {t('removeSavedKey')}
        </label>
      )}
      <p className="hint">{t('keysLocal')}</p>
    </>
  );
}

/**
 * Said under the key field before Save refuses: the saved key stays with its origin, or a key
 * would go over plain http to a public host. `typedKey` undefined keeps the saved key, '' removes it.
 */
export function keyNotice(
  saved: { baseUrl: string; hasApiKey: boolean } | undefined,
  baseUrl: string,
  typedKey: string | undefined,
): string | null {
  const moved = keyMove(saved, baseUrl, typedKey);
  if (moved) return t('keyOtherOrigin', moved.from, moved.to);
  const sendsKey = typedKey === undefined ? Boolean(saved?.hasApiKey) : typedKey.trim() !== '';
  // An address that is not a URL yet gets the base URL's own complaint, not this one.
  return originOf(baseUrl) ? keyRefusal(baseUrl, sendsKey) : null;
}

/** A settings form's Save (saying so while it saves) and Cancel. */
export function SaveCancel({
  busy = false,
  disabled = false,
  onCancel,
}: {
  busy?: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="row">
      <button type="submit" className="primary" disabled={busy || disabled}>
        {busy ? t('saving') : t('save')}
      </button>
      <button type="button" className="ghost" onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}
