import { API_KEY_SCOPES } from '@estately/domain';
import { useState } from 'react';
import {
  Field,
  FieldErrorsText,
  type FormResult,
  type Text,
  useFormScope,
  ValidatedForm,
} from '../../ui/forms/form-ui.tsx';
import { Outcome } from '../../ui/forms/outcome.tsx';
import { API_KEY_FIELDS, checkApiKeyForm, scopeKey } from './api-key-form.ts';
import { validateWith } from './contract-errors.ts';
import { ItemButton, useFocusAfter } from './feed-parts.tsx';
import type { ApiKeyRow, ApiKeysResult } from './load-api-keys-page.server.ts';

// The API keys screen (issue 42): the company's keys (name, first characters, scopes, created,
// last used, revoked), the form that creates one, the new key shown once with a copy button and
// a note that it is not shown again, and revoking a key after confirming.

function ScopeChoice() {
  const { id, errors, t } = useFormScope();
  const invalid = Boolean(errors.scopes?.length);
  return (
    <fieldset aria-describedby={`${id}-scopes-hint${invalid ? ` ${id}-scopes-error` : ''}`}>
      <legend>{t('api_keys.scopes')}</legend>
      <p id={`${id}-scopes-hint`} className="field__hint">
        {t('api_keys.scopes_hint')}
      </p>
      {API_KEY_SCOPES.map((scope) => (
        <div className="field field--checkbox" key={scope}>
          <input
            id={`${id}-scope-${scope}`}
            type="checkbox"
            name="scopes"
            value={scope}
            defaultChecked
            aria-invalid={invalid || undefined}
          />
          <label htmlFor={`${id}-scope-${scope}`}>
            {t(scopeKey(scope))} <code dir="ltr">{scope}</code>
          </label>
        </div>
      ))}
      <FieldErrorsText id={`${id}-scopes-error`} name="scopes" />
    </fieldset>
  );
}

/** The new key, this once: with a copy button and the note that it is not shown again. */
function NewSecret({ secret, t }: { secret: { name: string; value: string }; t: Text }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="notice api-key-secret" aria-labelledby="api-key-secret" data-testid="api-key-secret">
      <h2 id="api-key-secret" tabIndex={-1}>
        {t('api_keys.secret_title', { name: secret.name })}
      </h2>
      <p>
        <strong>{t('api_keys.secret_note')}</strong>
      </p>
      <label htmlFor="api-key-secret-value" className="field__label">
        {t('api_keys.secret_label')}
      </label>
      <div className="inline-actions">
        <input
          id="api-key-secret-value"
          className="api-key-secret__value"
          readOnly
          value={secret.value}
          dir="ltr"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="api-key-secret-value"
        />
        <button
          type="button"
          className="button button--primary"
          data-testid="api-key-copy"
          onClick={() => {
            void navigator.clipboard?.writeText(secret.value).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {t('api_keys.copy')}
        </button>
      </div>
      <p role="status" data-testid="api-key-copied">
        {copied ? t('api_keys.copied') : ''}
      </p>
    </section>
  );
}

export function ApiKeysView(props: {
  keys: ApiKeyRow[];
  docsHref: string;
  t: Text;
  result: ApiKeysResult | undefined;
}) {
  const { keys, t, result } = props;
  useFocusAfter(result);
  const revoked = result?.intent.startsWith('revoke:') ? result : undefined;
  return (
    <>
      <p>{t('api_keys.intro')}</p>
      <p>
        <a href={props.docsHref} data-testid="api-docs-link">
          {t('api_keys.docs')}
        </a>
      </p>
      {result?.secret && <NewSecret secret={result.secret} t={t} />}
      <section aria-labelledby="api-keys-list">
        <h2 id="api-keys-list">{t('api_keys.list')}</h2>
        {revoked && <Outcome result={revoked as FormResult} intent={revoked.intent} />}
        {keys.length === 0 ? (
          <p data-testid="api-keys-empty">{t('api_keys.empty')}</p>
        ) : (
          <div className="feed-table-wrap">
            <table className="feed-table" data-testid="api-keys">
              <thead>
                <tr>
                  <th scope="col">{t('api_keys.name')}</th>
                  <th scope="col">{t('api_keys.prefix')}</th>
                  <th scope="col">{t('api_keys.scopes')}</th>
                  <th scope="col">{t('api_keys.created_at')}</th>
                  <th scope="col">{t('api_keys.last_used')}</th>
                  <th scope="col">{t('api_keys.state')}</th>
                  <th scope="col">{t('feeds.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} data-testid="api-key" data-key-id={key.id}>
                    <th scope="row" id={`api-key-${key.id}`} tabIndex={-1}>
                      {key.name}
                    </th>
                    <td dir="ltr">
                      <code data-testid="api-key-prefix">{key.prefix}…</code>
                    </td>
                    <td>{key.scopes.join(', ')}</td>
                    <td>{key.createdText}</td>
                    <td>{key.lastUsedText ?? t('api_keys.never_used')}</td>
                    <td data-testid="api-key-state">
                      {key.revokedText ? `${t('api_keys.revoked')} ${key.revokedText}` : t('api_keys.active')}
                    </td>
                    <td>
                      {!key.revokedText && (
                        <ItemButton
                          intent="revoke"
                          id={key.id}
                          label={t('api_keys.revoke')}
                          itemName={key.name}
                          testId="api-key-revoke"
                          danger
                          confirm={t('api_keys.confirm_revoke', { name: key.name })}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="api-key-add" key={`add-${keys.length}`}>
        <h2 id="api-key-add">{t('api_keys.add_title')}</h2>
        <ValidatedForm
          intent="key_add"
          t={t}
          result={result}
          submitLabel={t('api_keys.create')}
          fields={API_KEY_FIELDS}
          validate={validateWith(checkApiKeyForm)}
          testId="api-key-add-form"
        >
          <Field name="name" label={t('api_keys.name')} required />
          <ScopeChoice />
        </ValidatedForm>
      </section>
    </>
  );
}
