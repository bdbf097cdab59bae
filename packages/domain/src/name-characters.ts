import type { z } from 'zod';

// What a name may not contain (issue 37). Names (a person's first and last name, a company's
// name, the contact person of a company or an offer, the sender of an offer message) are shown
// to other people: on offers, in lead lists, in e-mails. A bidirectional control character
// (Unicode's Bidi_Control property, UAX #9: the embeddings and overrides U+202A-U+202E, the
// isolates U+2066-U+2069 and the marks U+200E, U+200F and U+061C) is invisible and reorders the
// text around it: "Jan\u202Egnp.exe" reads as "Janexe.png", and an override left open can run
// on into the text after the name. No name needs one: the bidirectional algorithm lays out a
// name in any script, Arabic included, without help. They are refused with a message key rather
// than stripped: stripping would store something other than what was typed without saying so,
// and a person who pasted one can remove it.

/** Message key of a name that carries a bidirectional control character. */
export const NAME_CHARACTERS_MESSAGE_KEY = 'validation.invalid_characters';

const BIDI_CONTROL = /\p{Bidi_Control}/u;

/** Whether `value` holds a bidirectional control character (Unicode property Bidi_Control). */
export function hasBidiControl(value: string): boolean {
  return BIDI_CONTROL.test(value);
}

/**
 * The one rule of every name field, added to its string schema (which keeps its own trimming and
 * length rules): a bidirectional control character is refused with `validation.invalid_characters`.
 */
export function nameCharacters<T extends z.ZodString>(schema: T): T {
  return schema.refine((value) => !hasBidiControl(value), { error: NAME_CHARACTERS_MESSAGE_KEY });
}
