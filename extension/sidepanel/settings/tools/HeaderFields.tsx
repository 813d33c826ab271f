/**
 * The server form's headers (an `Authorization: Bearer …` token, most often): rows of name and
 * value, the value a password field. A saved header shows its name and "saved", never its
 * value (the panel does not have it), with Replace and Remove.
 */
import { t } from '../../../shared/i18n';
import { MAX_HEADERS } from '../../../shared/tools/tool-settings';
import { FieldError, type Problem } from '../ProviderFields';
import { newHeader, type HeaderRow } from './server-form';

interface Props {
  id: string;
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  problem: Problem;
}

export function HeaderFields({ id, rows, onChange, problem }: Props) {
  const set = (key: string) => (change: Partial<HeaderRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const drop = (key: string) => () => onChange(rows.filter((r) => r.key !== key));
  const wrong = problem?.field === 'headers';
  return (
    <fieldset className="mcp-headers" aria-describedby={wrong ? `${id}-headers-error` : `${id}-headers-hint`}>
      <legend>{t('headersOptional')}</legend>
      <p className="hint" id={`${id}-headers-hint`}>
        {t('headersHint')}
      </p>
      {rows.map((row, i) =>
        row.saved ? (
          <SavedHeader key={row.key} row={row} onChange={set(row.key)} onRemove={drop(row.key)} />
        ) : (
          <NewHeader key={row.key} row={row} number={i + 1} onChange={set(row.key)} onRemove={drop(row.key)} />
        ),
      )}
      <FieldError id={id} field="headers" problem={problem} />
      {rows.length < MAX_HEADERS && (
        <button type="button" className="add-header" onClick={() => onChange([...rows, newHeader()])}>
          {t('addHeader')}
        </button>
      )}
    </fieldset>
  );
}

interface RowProps {
  row: HeaderRow;
  onChange: (change: Partial<HeaderRow>) => void;
  onRemove: () => void;
}

/** A saved header: kept as it is, given a new value, or removed. */
function SavedHeader({ row, onChange, onRemove }: RowProps) {
  const replacing = row.value !== null;
  return (
    <div className="mcp-header">
      <span className="mcp-header-name">
        {row.name} {!replacing && <span className="hint">{t('headerSaved')}</span>}
      </span>
      {replacing && (
        <input
          type="password"
          autoComplete="off"
          autoFocus
          maxLength={8192}
          aria-label={t('headerNewValue', row.name)}
          placeholder={t('headerNewValue', row.name)}
          value={row.value ?? ''}
          onChange={(e) => onChange({ value: e.target.value })}
        />
      )}
      <span className="mcp-header-buttons">
        {replacing ? (
          <button type="button" onClick={() => onChange({ value: null })} aria-label={t('keepHeaderLabel', row.name)}>
            {t('keepSaved')}
          </button>
        ) : (
          <button type="button" onClick={() => onChange({ value: '' })} aria-label={t('replaceHeaderLabel', row.name)}>
            {t('replace')}
          </button>
        )}
        <button type="button" onClick={onRemove} aria-label={t('removeHeaderLabel', row.name)}>
          {t('remove')}
        </button>
      </span>
    </div>
  );
}

/** A header typed here: its name and its value. */
function NewHeader({ row, number, onChange, onRemove }: RowProps & { number: number }) {
  return (
    <div className="mcp-header">
      <input
        autoComplete="off"
        spellCheck={false}
        autoFocus
        maxLength={256}
        aria-label={t('headerNameLabel', number)}
        placeholder="Authorization"
        value={row.name}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <input
        type="password"
        autoComplete="off"
        maxLength={8192}
        aria-label={t('headerValueLabel', number)}
        placeholder={t('headerValuePlaceholder')}
        value={row.value ?? ''}
        onChange={(e) => onChange({ value: e.target.value })}
      />
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('removeHeaderLabel', row.name.trim() || t('headerNumber', number))}
      >
        {t('remove')}
      </button>
    </div>
  );
}
