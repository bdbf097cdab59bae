import { describe, expect, it } from 'vitest';
import { checkCompanyForm, companyBodyOf, errorsByField } from './company-form.ts';

// The company profile form read the same way in the browser and the action: fields by name,
// one text area per language in the order shown, errors under the field they belong to.

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('company profile form', () => {
  it('reads the descriptions in the order shown, the first being the company’s first language', () => {
    const body = companyBodyOf(
      form([
        ['name', 'Reality Vltava'],
        ['description:en', 'English text'],
        ['countryCode', 'CZ'],
        ['description:cs', 'Český text'],
      ]),
    );
    expect(body.descriptions).toEqual([
      { locale: 'en', text: 'English text' },
      { locale: 'cs', text: 'Český text' },
    ]);
  });

  it('sends the kind of seller when chosen and refuses one that is not a company kind', () => {
    const chosen = checkCompanyForm(
      form([
        ['name', 'Reality Vltava'],
        ['companyKind', 'developer'],
      ]),
    );
    expect(chosen.ok && chosen.body.companyKind).toBe('developer');
    const none = checkCompanyForm(form([['name', 'Reality Vltava']]));
    expect(none.ok && none.body.companyKind).toBeUndefined();
    const refused = checkCompanyForm(
      form([
        ['name', 'Reality Vltava'],
        ['companyKind', 'private'],
      ]),
    );
    expect(refused.ok ? null : refused.errors.companyKind).toEqual([{ key: 'validation.invalid_value' }]);
  });

  it('puts each error under its field: a description’s under its language’s text area', () => {
    const checked = checkCompanyForm(
      form([
        ['name', ''],
        ['countryCode', 'CZ'],
        ['registrationNumber', '27082441'],
        ['website', 'http://example.com'],
        ['description:cs', 'Text'],
        ['description:de', '   '],
      ]),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      name: [{ key: 'validation.required' }],
      registrationNumber: [{ key: 'company.error.registration_number' }],
      website: [{ key: 'company.error.website' }],
      'description:de': [{ key: 'company.error.description_required' }],
    });
  });

  it('maps the API’s paths (descriptions.1.text) to the form’s fields, unknown keys to invalid_value', () => {
    expect(
      errorsByField(
        [
          { path: ['descriptions', 1, 'text'], key: 'validation.too_long' },
          { path: ['phone'], key: 'Invalid input' },
        ],
        [{ locale: 'cs' }, { locale: 'ar' }],
      ),
    ).toEqual({
      'description:ar': [{ key: 'validation.too_long' }],
      phone: [{ key: 'validation.invalid_value' }],
    });
  });

  it('sends a valid form as the API’s body, the IČO without spaces', () => {
    const checked = checkCompanyForm(
      form([
        ['name', 'Reality Vltava'],
        ['countryCode', 'CZ'],
        ['registrationNumber', '270 82 440'],
        ['website', 'https://reality.example'],
      ]),
    );
    expect(checked).toMatchObject({
      ok: true,
      body: { name: 'Reality Vltava', registrationNumber: '27082440', street: null, descriptions: [] },
    });
  });
});
