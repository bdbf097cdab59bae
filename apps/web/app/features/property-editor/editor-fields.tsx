import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  FieldErrorsText,
  type FormResult,
  LabelledField,
  type Text,
  useFormScope,
} from '../../ui/forms/form-ui.tsx';
import { useTextAreaDefault } from '../../ui/forms/typed-before-hydration.ts';
import type { EditorField } from './editor-model.ts';

// Inputs of the editor's step forms, one per kind of the property-form call's fields. Each sits
// in a ValidatedForm: its error under it (aria-describedby, aria-invalid), the first field in
// error focused. Numbers are text inputs with a numeric keyboard, so "1 250,5" can be typed in
// any locale and the contract names what is wrong.

type Values = Record<string, string | string[]>;

/** The value a field shows: what was just sent (a refused form), else what is saved. */
export function shownValue(values: Values, result: FormResult | undefined, intent: string, name: string) {
  const typed = result?.intent === intent ? result.values?.[name] : undefined;
  if (typeof typed === 'string') return typed;
  const saved = values[name];
  return typeof saved === 'string' ? saved : '';
}

export function EditorInput(props: {
  field: EditorField;
  name?: string;
  value: string;
  t: Text;
  hint?: string;
  /** Controlled value (the pin moves the coordinates). */
  onChange?: (value: string) => void;
  controlled?: boolean;
}) {
  const { field, t } = props;
  const name = props.name ?? field.name;
  const { firstInvalid } = useFormScope();
  // A controlled field (the coordinates) starts from the loader's value, but the server's field
  // may hold what was typed before the code came: take it over once hydrated, or the next render
  // (the pin, the other coordinate) would write the old value back over it (issue 38).
  const controlledInput = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = controlledInput.current?.value;
    if (props.controlled && typed !== undefined && typed !== props.value) props.onChange?.(typed);
  }, []);
  return (
    <LabelledField name={name} label={field.label} hint={props.hint}>
      {({ inputId, invalid, describedBy }) => {
        const common = {
          id: inputId,
          name,
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
          // Focus follows the person's own submission (WCAG 3.3.1), as in the account forms.
          autoFocus: invalid && firstInvalid === name,
        };
        switch (field.type) {
          case 'enum':
          case 'boolean':
            return (
              <select {...common} defaultValue={props.value}>
                {!field.required || !props.value ? (
                  <option value="">{t('editor.not_specified')}</option>
                ) : null}
                {field.values?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            );
          case 'long_text':
            return <EditorTextArea {...common} limit={field.maxLength} value={props.value} t={t} />;
          case 'date':
            return <input {...common} type="date" defaultValue={props.value} />;
          case 'email':
            return (
              <input {...common} type="email" dir="ltr" autoComplete="email" defaultValue={props.value} />
            );
          case 'phone':
            return <input {...common} type="tel" dir="ltr" autoComplete="tel" defaultValue={props.value} />;
          case 'number':
          case 'integer':
            return props.controlled ? (
              <input
                {...common}
                ref={controlledInput}
                type="text"
                inputMode="decimal"
                dir="ltr"
                value={props.value}
                onChange={(event) => props.onChange?.(event.currentTarget.value)}
              />
            ) : (
              <input
                {...common}
                type="text"
                inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
                dir="ltr"
                defaultValue={props.value}
              />
            );
          default:
            return <input {...common} type="text" maxLength={field.maxLength} defaultValue={props.value} />;
        }
      }}
    </LabelledField>
  );
}

/** Announce the count only this long after the last keystroke, and only near or over the limit. */
const COUNTER_ANNOUNCE_DELAY_MS = 1000;
/** "Near the limit": this share of the limit or less left. */
const COUNTER_NEAR_SHARE = 0.1;

/**
 * A text area whose text, typed before the page's code came, survives hydration (issue 38),
 * with a live count of its characters against the limit (issue 38 defect 9). No `maxLength`:
 * the browser would cut a pasted text silently; a text over the limit is refused on save with
 * `validation.too_long` instead. The visible count follows every keystroke; the polite live
 * region speaks only after a pause and only near or over the limit, so a screen reader is not
 * interrupted at each character.
 */
function EditorTextArea(props: {
  id: string;
  name: string;
  value: string;
  limit?: number;
  t: Text;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  autoFocus?: boolean;
}) {
  const { value, limit, t, ...rest } = props;
  const ref = useRef<HTMLTextAreaElement>(null);
  const defaultValue = useTextAreaDefault(ref, value);
  const [count, setCount] = useState(value.length);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Text typed before hydration counts too.
  useEffect(() => {
    if (ref.current) setCount(ref.current.value.length);
    return () => clearTimeout(timer.current);
  }, []);
  const counterId = `${props.id}-counter`;
  const over = limit !== undefined && count > limit;
  const onInput = (event: FormEvent<HTMLTextAreaElement>) => {
    const length = event.currentTarget.value.length;
    setCount(length);
    if (limit === undefined) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const left = limit - length;
      setAnnouncement(
        left < 0
          ? t('editor.chars_over', { over: -left })
          : left <= limit * COUNTER_NEAR_SHARE
            ? t('editor.chars_left', { remaining: left })
            : '',
      );
    }, COUNTER_ANNOUNCE_DELAY_MS);
  };
  return (
    <>
      <textarea
        ref={ref}
        {...rest}
        aria-describedby={
          limit === undefined
            ? rest['aria-describedby']
            : `${rest['aria-describedby'] ?? ''} ${counterId}`.trim()
        }
        rows={8}
        defaultValue={defaultValue}
        onInput={onInput}
      />
      {limit !== undefined && (
        <>
          <p
            id={counterId}
            className={over ? 'field__counter field__counter--over' : 'field__counter'}
            data-testid={`${props.name}-counter`}
          >
            {t('editor.chars_count', { count, max: limit })}
            {over ? ` ${t('editor.chars_over', { over: count - limit })}` : ''}
          </p>
          <p className="visually-hidden" aria-live="polite" data-testid={`${props.name}-counter-live`}>
            {announcement}
          </p>
        </>
      )}
    </>
  );
}

/** A list of choices (features, tags): one checkbox each. */
export function EditorChoices(props: { field: EditorField; selected: readonly string[] }) {
  const { id, errors } = useFormScope();
  const groupId = `${id}-${props.field.name}`;
  const invalid = Boolean(errors[props.field.name]?.length);
  return (
    <fieldset className="editor-choices" aria-describedby={invalid ? `${groupId}-error` : undefined}>
      <legend className="field__label">{props.field.label}</legend>
      <div className="editor-choices__list">
        {props.field.values?.map((option) => (
          <div key={option.value} className="field field--checkbox">
            <input
              id={`${groupId}-${option.value}`}
              type="checkbox"
              name={props.field.name}
              value={option.value}
              defaultChecked={props.selected.includes(option.value)}
            />
            <label htmlFor={`${groupId}-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </div>
      <FieldErrorsText id={`${groupId}-error`} name={props.field.name} />
    </fieldset>
  );
}

/** Rooms: how many of each room type (the contract keeps one entry per room). */
export function EditorRooms(props: {
  field: EditorField;
  values: Values;
  t: Text;
  result: FormResult | undefined;
  intent: string;
}) {
  const { id, errors } = useFormScope();
  const groupId = `${id}-room`;
  const invalid = Boolean(errors.room?.length);
  return (
    <fieldset
      className="editor-choices"
      aria-describedby={[`${groupId}-hint`, invalid ? `${groupId}-error` : null].filter(Boolean).join(' ')}
    >
      <legend className="field__label">{props.field.label}</legend>
      <p id={`${groupId}-hint`} className="field__hint">
        {props.t('editor.rooms_hint')}
      </p>
      <div className="editor-rooms">
        {props.field.values?.map((option) => {
          const name = `room.${option.value}`;
          return (
            <div key={option.value} className="field">
              <label htmlFor={`${groupId}-${option.value}`} className="field__label">
                {option.label}
              </label>
              <input
                id={`${groupId}-${option.value}`}
                name={name}
                type="text"
                inputMode="numeric"
                dir="ltr"
                size={3}
                aria-invalid={invalid || undefined}
                defaultValue={shownValue(props.values, props.result, props.intent, name)}
              />
            </div>
          );
        })}
      </div>
      <FieldErrorsText id={`${groupId}-error`} name="room" />
    </fieldset>
  );
}

/** The contact: a group of fields, at least an e-mail or a phone to publish. */
export function EditorContact(props: {
  field: EditorField;
  values: Values;
  t: Text;
  result: FormResult | undefined;
  intent: string;
}) {
  const { id } = useFormScope();
  return (
    <fieldset className="editor-group" aria-describedby={`${id}-contact-hint`}>
      <legend className="field__label">{props.field.label}</legend>
      <p id={`${id}-contact-hint`} className="field__hint">
        {props.t('editor.contact_hint')}
      </p>
      <FieldErrorsText id={`${id}-contact-error`} name="contact" />
      {props.field.fields?.map((sub) => {
        const name = `contact.${sub.name}`;
        return (
          <EditorInput
            key={sub.name}
            field={sub}
            name={name}
            t={props.t}
            value={shownValue(props.values, props.result, props.intent, name)}
          />
        );
      })}
    </fieldset>
  );
}
