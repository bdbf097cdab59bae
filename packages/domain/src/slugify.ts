// Turns a place name in any of the product's scripts into an ASCII URL slug (locality slugs of
// the search path, spec 2). Latin diacritics are folded; Cyrillic (Bulgarian, Serbian), Greek and
// Arabic are transliterated with simple, readable schemes, so "Praha 5", "Plovdiv" written in
// Cyrillic and "Limassol" written in Greek all give stable lower-case slugs.

const SPECIAL_LATIN: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'ng',
  '&': ' and ',
};

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  ђ: 'dj',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  ј: 'j',
  к: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'c',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  џ: 'dz',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const GREEK: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const ARABIC: Readonly<Record<string, string>> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ة: 'a',
  و: 'w',
  ؤ: 'w',
  ي: 'y',
  ى: 'a',
  ئ: 'y',
  ء: '',
  پ: 'p',
  چ: 'ch',
  گ: 'g',
  ڤ: 'v',
  '٠': '0',
  '١': '1',
  '٢': '2',
  '٣': '3',
  '٤': '4',
  '٥': '5',
  '٦': '6',
  '٧': '7',
  '٨': '8',
  '٩': '9',
};

const TABLE: Readonly<Record<string, string>> = { ...SPECIAL_LATIN, ...CYRILLIC, ...GREEK, ...ARABIC };

/** Combining marks left after canonical decomposition (accents, Arabic vowel signs). */
const COMBINING = /\p{M}/u;

function transliterateChar(char: string): string {
  const direct = TABLE[char];
  if (direct !== undefined) return direct;
  // Decompose (á -> a + accent, ά -> α + accent) and map what remains, so accented Greek
  // vowels and Latin letters share the tables above. Cyrillic й and ё are mapped before this
  // step because decomposing them would lose the letter's identity.
  let out = '';
  for (const part of char.normalize('NFKD')) {
    if (COMBINING.test(part)) continue;
    out += TABLE[part] ?? part;
  }
  return out;
}

/** Maximum slug length; long names are cut at a hyphen boundary where possible. */
export const SLUG_MAX_LENGTH = 100;

/**
 * ASCII, lower-case, hyphen-separated slug of any text. Characters that are not letters or
 * digits after transliteration become single hyphens; leading and trailing hyphens are
 * dropped. Text with nothing to keep gives an empty string.
 */
export function slugify(text: string): string {
  let ascii = '';
  for (const char of text.toLowerCase()) ascii += transliterateChar(char);
  let slug = ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX_LENGTH) {
    const cut = slug.slice(0, SLUG_MAX_LENGTH);
    // Keep whole words: drop a word the cut went through, unless the cut fell on a hyphen.
    slug = slug[SLUG_MAX_LENGTH] === '-' ? cut : cut.replace(/-[^-]*$/, '');
    slug = slug.replace(/-+$/, '');
  }
  return slug;
}

/** A well-formed slug: lower-case ASCII letters and digits in hyphen-separated groups. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
