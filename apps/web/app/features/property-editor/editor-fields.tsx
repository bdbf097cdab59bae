import { useEffect, useRef } from 'react';
import {
  FieldErrorsText,
  type FormResult,
  LabelledField,
  type Text,
  useFormScope,
} from '../auth/form-ui.tsx';
import { useTextAreaDefault } from '../auth/typed-before-hydration.ts';
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
            return <EditorTextArea {...common} maxLength={field.maxLength} value={props.value} />;
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

/** A text area whose text, typed before the page's code came, survives hydration (issue 38). */
function EditorTextArea(props: {
  id: string;
  name: string;
  value: string;
  maxLength?: number;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  autoFocus?: boolean;
}) {
  const { value, ...rest } = props;
  const ref = useRef<HTMLTextAreaElement>(null);
  const defaultValue = useTextAreaDefault(ref, value);
  return <textarea ref={ref} {...rest} rows={8} defaultValue={defaultValue} />;
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
