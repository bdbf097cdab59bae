import { type TextareaHTMLAttributes, useRef } from 'react';
import { useTextAreaDefault } from '../../ui/forms/typed-before-hydration.ts';

/**
 * A text area with prefilled text (the message to a seller) that keeps what a visitor typed
 * before the page's code came: React would put the prefilled text back while hydrating (issue
 * 38, defect 2; ui/forms/typed-before-hydration.ts).
 */
export function KeptTextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement> & { defaultValue: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const defaultValue = useTextAreaDefault(ref, props.defaultValue);
  return <textarea {...props} ref={ref} defaultValue={defaultValue} />;
}
