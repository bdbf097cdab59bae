// The ICU message syntax the catalogs use, formatted without a general ICU engine: the browser
// would otherwise load one (about 14 KB brotli) on every page for a handful of plurals.
// Supported: `{name}` arguments and `{name, plural, =N {…} zero|one|two|few|many|other {…}}` with
// `#` (the number in the locale's digits) and nesting. Text is literal (no quoting apostrophes,
// no tags: the catalogs hold plain text). format-message.test.ts formats every message of every
// catalog with this and with intl-messageformat and expects the same text, so a catalog that
// starts using more of ICU fails there first.

type Part =
  | string
  | { kind: 'argument'; name: string }
  | { kind: 'number' }
  | { kind: 'plural'; name: string; options: Map<string, Part[]> };

export type MessageValues = Record<string, string | number | boolean | null | undefined>;

export class MessageSyntaxError extends Error {}

class Parser {
  private at = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  /** Parts up to the end, or up to the `}` closing a plural branch (`inPlural`). */
  parts(inPlural: boolean): Part[] {
    const parts: Part[] = [];
    let literal = '';
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === '}' && inPlural) break;
      if (char === '{') {
        if (literal) parts.push(literal);
        literal = '';
        parts.push(this.argument());
      } else if (char === '#' && inPlural) {
        if (literal) parts.push(literal);
        literal = '';
        parts.push({ kind: 'number' });
        this.at++;
      } else {
        literal += char;
        this.at++;
      }
    }
    if (literal) parts.push(literal);
    return parts;
  }

  private argument(): Part {
    this.at++; // {
    const name = this.word();
    this.space();
    if (this.take('}')) return { kind: 'argument', name };
    if (!this.take(',')) throw new MessageSyntaxError(`expected , or } at ${this.at}`);
    this.space();
    const type = this.word();
    if (type !== 'plural') throw new MessageSyntaxError(`unsupported argument type "${type}"`);
    this.space();
    if (!this.take(',')) throw new MessageSyntaxError(`expected , at ${this.at}`);
    const options = new Map<string, Part[]>();
    for (;;) {
      this.space();
      if (this.take('}')) break;
      const selector = this.selector();
      this.space();
      if (!this.take('{')) throw new MessageSyntaxError(`expected { at ${this.at}`);
      options.set(selector, this.parts(true));
      if (!this.take('}')) throw new MessageSyntaxError(`unclosed branch "${selector}"`);
    }
    if (!options.has('other')) throw new MessageSyntaxError('plural without "other"');
    return { kind: 'plural', name, options };
  }

  private word(): string {
    const match = /^[\p{L}\p{N}_]+/u.exec(this.text.slice(this.at));
    if (!match) throw new MessageSyntaxError(`expected a name at ${this.at}`);
    this.at += match[0].length;
    return match[0];
  }

  private selector(): string {
    const match = /^(?:=-?\d+(?:\.\d+)?|[a-z]+)/.exec(this.text.slice(this.at));
    if (!match) throw new MessageSyntaxError(`expected a plural selector at ${this.at}`);
    this.at += match[0].length;
    return match[0];
  }

  private space(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  private take(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }
}

export function parseMessage(text: string): Part[] {
  return new Parser(text).parts(false);
}

function argumentValue(values: MessageValues | undefined, name: string): unknown {
  // As ICU engines do: an argument the caller did not give at all is an error.
  if (!values || !(name in values)) throw new MessageSyntaxError(`no value for "${name}"`);
  return values[name];
}

/**
 * Whether `#` may write `value` as its ASCII digits: a whole number from 0 to 999, which every
 * locale of the product writes so (none groups digits below 1,000, and all write ASCII digits;
 * format-message.test.ts checks both for every locale). Intl.NumberFormat is then not needed:
 * its first use in a page loads the browser's number data, tens of milliseconds of main thread
 * on a phone, in the middle of hydration (a header's "3 favorites").
 */
export function isSmallCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < 1000 && !Object.is(value, -0);
}

/** A compiled message of one locale. Throws when a value is missing (callers fall back). */
export function compileMessage(text: string, tag: string): (values?: MessageValues) => string {
  const parts = parseMessage(text);
  let plurals: Intl.PluralRules | undefined;
  let numbers: Intl.NumberFormat | undefined;
  const render = (list: Part[], values: MessageValues | undefined, count: number | undefined): string => {
    let out = '';
    for (const part of list) {
      if (typeof part === 'string') out += part;
      else if (part.kind === 'number') {
        const value = count ?? 0;
        if (isSmallCount(value)) out += String(value);
        else {
          numbers ??= new Intl.NumberFormat(tag);
          out += numbers.format(value);
        }
      } else if (part.kind === 'argument') {
        const value = argumentValue(values, part.name);
        out += value === null || value === undefined ? '' : String(value);
      } else {
        const value = Number(argumentValue(values, part.name));
        plurals ??= new Intl.PluralRules(tag);
        const branch =
          part.options.get(`=${value}`) ??
          part.options.get(plurals.select(value)) ??
          part.options.get('other');
        out += render(branch ?? [], values, value);
      }
    }
    return out;
  };
  return (values) => render(parts, values, undefined);
}
