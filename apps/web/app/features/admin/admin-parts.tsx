import { Form, Link, NavLink } from 'react-router';
import { Field, type FormResult, type Text, ValidatedForm } from '../../ui/forms/form-ui.tsx';
import { Outcome } from '../../ui/forms/outcome.tsx';
import { Pagination } from '../../ui/forms/pagination.tsx';
import { formCheck } from './admin-fields.ts';

// Parts the admin area's pages share (issue 10). Every change is a form posting to the route's
// action, so each works before the scripts load; the answer shows beside the item it changed.

export { Outcome, Pagination };

/**
 * A one-button form acting on one item (intent `<intent>:<id>`). `confirm` asks first (after
 * hydration), for what cannot be undone.
 */
export function ItemActionForm(props: {
  intent: string;
  id: number;
  label: string;
  /** The item's name, ending the button's accessible name where a list repeats the button. */
  itemName?: string;
  testId: string;
  danger?: boolean;
  confirm?: string;
  className?: string;
}) {
  const { confirm } = props;
  return (
    <Form
      method="post"
      preventScrollReset
      className={props.className}
      onSubmit={
        confirm
          ? (event) => {
              if (!window.confirm(confirm)) event.preventDefault();
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value={`${props.intent}:${props.id}`} />
      <input type="hidden" name="id" value={props.id} />
      <button
        type="submit"
        className={props.danger ? 'button button--danger' : 'button'}
        data-testid={props.testId}
      >
        {props.label}
        {props.itemName !== undefined && <span className="visually-hidden">: {props.itemName}</span>}
      </button>
    </Form>
  );
}

/** A form acting on one item with a reason typed beside it (resolve a report, strike an offer). */
export function ItemReasonForm(props: {
  intent: string;
  id: number;
  t: Text;
  result: FormResult | undefined;
  submitLabel: string;
  field: string;
  label: string;
  required?: boolean;
  check: Parameters<typeof formCheck>[0];
  testId: string;
}) {
  return (
    <ValidatedForm
      intent={`${props.intent}:${props.id}`}
      t={props.t}
      result={props.result}
      submitLabel={props.submitLabel}
      fields={[props.field]}
      validate={formCheck(props.check)}
      testId={props.testId}
    >
      <input type="hidden" name="id" value={props.id} />
      <Field name={props.field} label={props.label} required={props.required} />
    </ValidatedForm>
  );
}

export function AdminNav({ items, label }: { items: { href: string; label: string }[]; label: string }) {
  return (
    <nav aria-label={label} className="admin-nav">
      <ul className="pill-nav">
        {items.map((item) => (
          <li key={item.href}>
            <NavLink to={item.href} end>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A queue's tabs, one per status, and the answer of the last decision above the list: a decided
 * item moves to another tab, so its answer cannot show beside it (reports, scam flags).
 */
export function QueueTabs(props: {
  label: string;
  tabs: { value: string; label: string; href: string; current: boolean }[];
  testId: string;
  result: FormResult | undefined;
  /** The intents whose answer is shown here (`resolve`, `dismiss`). */
  decisions: RegExp;
}) {
  const { result } = props;
  return (
    <>
      <nav aria-label={props.label}>
        <ul className="pill-nav" data-testid={props.testId}>
          {props.tabs.map((tab) => (
            <li key={tab.value}>
              <Link to={tab.href} aria-current={tab.current ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div role="status">
        {result?.done && props.decisions.test(result.intent) && (
          <p className="notice" data-testid="form-done">
            {result.done}
          </p>
        )}
      </div>
    </>
  );
}
