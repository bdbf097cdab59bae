import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../../../src/features/feeds/feed-listing.ts';
import { openFeedFile } from '../../../../src/features/feeds/formats/open-feed-file.ts';
import { collect, fileError, useFeedFiles } from '../fixtures/feed-files.ts';

const files = useFeedFiles();

const COMPLETE: Record<string, string> = {
  external_id: 'C-1',
  offer_type: 'sale',
  property_type: 'apartment',
  price: '4500000',
  currency: 'CZK',
  disposition: '2',
  rooms: 'living_room|bedroom|bathroom',
  useful_area: '54',
  city: 'Brno',
  country: 'CZ',
  description: 'Byt u parku.',
};

/** A CSV of rows (the first row's names are the header), quoting cells as RFC 4180 does. */
function csv(rows: readonly Record<string, string>[], delimiter = ','): string {
  const names = Object.keys(rows[0] ?? {});
  const cell = (value: string) =>
    /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value;
  return `${[names.join(delimiter), ...rows.map((row) => names.map((name) => cell(row[name] ?? '')).join(delimiter))].join('\r\n')}\r\n`;
}

async function openCsv(content: string | Buffer, encoding?: string) {
  const path = await files.write('csv', content);
  return openFeedFile({ path, format: 'csv', encoding, defaultLocale: 'cs' });
}

async function readCsv(content: string | Buffer, encoding?: string): Promise<FeedItem[]> {
  return collect(await openCsv(content, encoding));
}

describe('CSV rows', () => {
  it('reads every column into our fields, and reads the file again the same', async () => {
    const row = {
      ...COMPLETE,
      withdrawn: 'no',
      price_variant: 'Negotiable',
      rent_period: '',
      bathrooms: '1',
      area_units: 'm2',
      floor: '-1',
      total_floors: '4',
      year_built: '1935',
      building_type: 'brick',
      heating: 'gas',
      energy_class: 'C',
      furnishings: 'partially_equipped',
      ownership: 'personal',
      reconstruction: 'after_reconstruction',
      parking: 'garage',
      parking_places: '1',
      other_params: 'lift|garden|lift',
      tags: 'vyhled',
      free_from: '2026-10-01',
      street: 'Údolní 5',
      zip: '602 00',
      city_part: 'Veveří',
      latitude: '49.1951',
      longitude: '16.6068',
      description: 'Byt u parku,\n"klidný", s balkonem.',
      description_locale: 'cs',
      contact_name: 'Jana Nováková',
      contact_email: 'jana@example.org',
      contact_phone: '+420 601 123 456',
      photo_urls: 'https://example.org/1.jpg | https://example.org/2.jpg',
    };
    const feed = await openCsv(csv([row]));
    expect(feed.mode).toBe('full');
    const items = await collect(feed);
    expect(items).toEqual([
      {
        kind: 'listing',
        position: 1,
        listing: {
          externalId: 'C-1',
          action: 'upsert',
          fields: {
            offer_type: 'sale',
            property_type: 'apartment',
            price: 4500000,
            price_variant: 'negotiable',
            currency_iso_code: 'CZK',
            disposition: '2',
            room: ['living_room', 'bedroom', 'bathroom'],
            bathroom: 1,
            useful_area: 54,
            useful_area_units: 'm2',
            floor: -1,
            total_floors: 4,
            year_built: 1935,
            type_of_building: 'brick',
            type_of_heating: 'gas',
            penb: 'c',
            furnishings: 'partially_equipped',
            ownership: 'personal',
            reconstruction: 'after_reconstruction',
            parking: 'garage',
            number_of_parking_places: 1,
            other_params: ['lift', 'garden'],
            tags: ['vyhled'],
            free_from_date: '2026-10-01',
            street: 'Údolní 5',
            zip: '602 00',
            city: 'Brno',
            city_part: 'Veveří',
            country_code: 'CZ',
            latitude: 49.1951,
            longitude: 16.6068,
            description: 'Byt u parku,\n"klidný", s balkonem.',
            locale: 'cs',
            contact: {
              contact_name: 'Jana Nováková',
              contact_email: 'jana@example.org',
              contact_phone: '+420 601 123 456',
            },
          },
          photos: [
            { kind: 'url', url: 'https://example.org/1.jpg' },
            { kind: 'url', url: 'https://example.org/2.jpg' },
          ],
          problems: [],
        },
      },
    ]);
    expect(await collect(feed)).toEqual(items);
  });

  it('withdraws a row marked withdrawn, and refuses a row whose mark is neither yes nor no', async () => {
    const items = await readCsv(
      csv([
        { ...COMPLETE, withdrawn: 'yes' },
        { ...COMPLETE, external_id: 'C-2', withdrawn: 'maybe' },
      ]),
    );
    expect(items).toEqual([
      {
        kind: 'listing',
        position: 1,
        listing: { externalId: 'C-1', action: 'withdraw', fields: {}, photos: [], problems: [] },
      },
      {
        kind: 'rejected',
        position: 2,
        rejection: {
          externalId: 'C-2',
          problems: [
            {
              code: 'invalid_value',
              field: 'withdrawn',
              value: 'maybe',
              detail: 'validation.invalid_boolean',
            },
          ],
        },
      },
    ]);
  });

  it('reads a rent’s monthly fees, utilities and whether the rent includes them (decision 074)', async () => {
    const rent = { ...COMPLETE, offer_type: 'rent', price: '18000', rent_period: 'month' };
    const items = await readCsv(
      csv([
        {
          ...rent,
          external_id: 'R-1',
          monthly_fees: '2 500',
          monthly_utilities: '1800,5',
          utilities_included: 'No',
        },
        { ...rent, external_id: 'R-2', monthly_fees: '0', monthly_utilities: '', utilities_included: 'yes' },
        {
          ...rent,
          external_id: 'R-3',
          monthly_fees: '-5',
          monthly_utilities: '',
          utilities_included: 'maybe',
        },
      ]),
    );
    expect(items.map((item) => (item.kind === 'listing' ? item.listing.fields : null))).toMatchObject([
      { monthly_fees: 2500, monthly_utilities: 1800.5, utilities_included: false },
      { monthly_fees: 0, utilities_included: true },
      {},
    ]);
    const third = items[2]?.kind === 'listing' ? items[2].listing : null;
    expect(third?.fields).not.toHaveProperty('utilities_included');
    expect(third?.fields).not.toHaveProperty('monthly_fees');
    expect(third?.problems).toEqual(
      expect.arrayContaining([
        {
          code: 'invalid_value',
          field: 'utilities_included',
          value: 'maybe',
          detail: 'validation.invalid_boolean',
        },
        { code: 'invalid_value', field: 'monthly_fees', value: '-5', detail: 'validation.number_too_small' },
      ]),
    );
  });

  it('reports values outside their column’s values by the column’s name, keeping the listing', async () => {
    const [item] = await readCsv(
      csv([
        {
          ...COMPLETE,
          heating: 'coal',
          rooms: 'bedroom|attic|bedroom',
          contact_email: 'jana(at)example.org',
          minimum_rental_period: '500',
          photo_urls: 'ftp://example.org/1.jpg|https://example.org/2.jpg',
        },
      ]),
    );
    expect(item).toMatchObject({
      kind: 'listing',
      listing: {
        fields: { room: ['bedroom', 'bedroom'] },
        photos: [{ kind: 'url', url: 'https://example.org/2.jpg' }],
        problems: [
          { code: 'invalid_value', field: 'rooms', value: 'attic', detail: 'validation.invalid_value' },
          { code: 'invalid_value', field: 'heating', value: 'coal', detail: 'validation.invalid_value' },
          {
            code: 'photo_failed',
            field: 'photo_urls',
            value: 'ftp://example.org/1.jpg',
            detail: 'feeds.photo.address_refused',
          },
          {
            code: 'invalid_value',
            field: 'minimum_rental_period',
            value: '500',
            detail: 'validation.number_too_large',
          },
          {
            code: 'invalid_value',
            field: 'contact_email',
            value: 'jana(at)example.org',
            detail: 'validation.invalid_email',
          },
        ],
      },
    });
  });

  it.each([
    ['a negative price', { price: '-100' }, { field: 'price', detail: 'validation.number_not_positive' }],
    ['an absurd price', { price: '1e15' }, { field: 'price', detail: 'validation.number_too_large' }],
    [
      'a negative area',
      { useful_area: '-54' },
      { field: 'useful_area', detail: 'validation.number_not_positive' },
    ],
    [
      'an absurd area',
      { useful_area: '5000000' },
      { field: 'useful_area', detail: 'validation.number_too_large' },
    ],
    [
      'a latitude of 95',
      { latitude: '95', longitude: '16' },
      { field: 'latitude', detail: 'validation.number_too_large' },
    ],
    [
      'a longitude of -200',
      { latitude: '49', longitude: '-200' },
      { field: 'longitude', detail: 'validation.number_too_small' },
    ],
    [
      'a price that is no number',
      { price: 'on request' },
      { field: 'price', detail: 'validation.invalid_number' },
    ],
  ])('rejects %s', async (_name, change, problem) => {
    const [item] = await readCsv(csv([{ ...COMPLETE, ...change }]));
    expect(item).toMatchObject({
      kind: 'rejected',
      rejection: { externalId: 'C-1', problems: [{ code: 'invalid_value', ...problem }] },
    });
  });

  it('rejects a row without a required value, naming the column', async () => {
    const [item] = await readCsv(csv([{ ...COMPLETE, currency: '', city: '' }]));
    expect(item).toEqual({
      kind: 'rejected',
      position: 1,
      rejection: {
        externalId: 'C-1',
        problems: [
          { code: 'missing_field', field: 'currency' },
          { code: 'missing_field', field: 'city' },
        ],
      },
    });
  });

  it('rejects rows without an id, repeated ids and rows of another width; skips blank rows', async () => {
    const text = `${csv([COMPLETE, { ...COMPLETE, external_id: '' }, COMPLETE])}C-9,sale\r\n,,,,,,,,,,\r\n\r\n`;
    const items = await readCsv(text);
    expect(
      items.map((item) =>
        item.kind === 'rejected' ? [item.position, item.rejection] : [item.position, 'ok'],
      ),
    ).toEqual([
      [1, 'ok'],
      [2, { problems: [{ code: 'missing_id' }] }],
      [3, { externalId: 'C-1', problems: [{ code: 'duplicate_id', value: 'C-1' }] }],
      [
        4,
        {
          externalId: 'C-9',
          problems: [{ code: 'malformed_listing', value: '2/11', detail: 'feeds.csv.column_count' }],
        },
      ],
    ]);
  });

  it('reads decimal commas and grouped thousands', async () => {
    const [item] = await readCsv(csv([{ ...COMPLETE, price: '4 500 000,50', useful_area: '54,5' }], ';'));
    expect(item).toMatchObject({
      kind: 'listing',
      listing: { fields: { price: 4500000.5, useful_area: 54.5 } },
    });
  });
});

describe('CSV headers and delimiters', () => {
  it('refuses unknown, repeated and missing columns, naming them', async () => {
    const unknown = await fileError(openCsv(csv([{ ...COMPLETE, colour: 'red' }])));
    expect(unknown).toMatchObject({ code: 'csv_header', detail: 'unknown columns: colour' });
    const { price: _price, city: _city, ...withoutTwo } = COMPLETE;
    const missing = await fileError(openCsv(csv([withoutTwo])));
    expect(missing).toMatchObject({ code: 'csv_header', detail: 'missing columns: price, city' });
    const repeated = await fileError(openCsv(`external_id,price,${csv([COMPLETE])}`));
    expect(repeated).toMatchObject({ code: 'csv_header', detail: 'repeated columns: external_id, price' });
  });

  it('reads a semicolon or tab file as the header shows it', async () => {
    for (const delimiter of [';', '\t']) {
      const items = await readCsv(
        csv([COMPLETE, { ...COMPLETE, external_id: 'C-2', description: 'A; B, C' }], delimiter),
      );
      expect(items.map((item) => item.kind)).toEqual(['listing', 'listing']);
      expect(items[1]).toMatchObject({ listing: { fields: { description: 'A; B, C' } } });
    }
  });

  it('refuses a header in another delimiter instead of reading one column of garbage', async () => {
    const error = await fileError(openCsv(csv([COMPLETE], '|')));
    expect(error.code).toBe('csv_delimiter');
  });

  it('rejects each row of another delimiter than its header, importing nothing of them', async () => {
    const header = Object.keys(COMPLETE).join(',');
    const rows = [COMPLETE, { ...COMPLETE, external_id: 'C-2' }].map((row) => Object.values(row).join(';'));
    const items = await readCsv(`${header}\n${rows.join('\n')}\n`);
    expect(items.map((item) => item.kind)).toEqual(['rejected', 'rejected']);
    expect(items[0]).toMatchObject({
      rejection: { problems: [{ code: 'malformed_listing', detail: 'feeds.csv.column_count' }] },
    });
  });

  it('refuses a quote left open, as no row after it can be told apart', async () => {
    const text = `${csv([COMPLETE])}C-2,sale,apartment,1,CZK,2,bedroom,50,Brno,CZ,"Open quote\nC-3,sale,apartment,1,CZK,2,bedroom,50,Brno,CZ,x\n`;
    const error = await fileError(readCsv(text));
    expect(error.code).toBe('csv_delimiter');
    expect(error.detail).toMatch(/CSV_QUOTE_NOT_CLOSED/);
  });

  it('refuses an empty file and a header without rows', async () => {
    expect((await fileError(openCsv(''))).code).toBe('empty_feed');
    expect((await fileError(openCsv('\n\n'))).code).toBe('empty_feed');
    expect((await fileError(readCsv(`${Object.keys(COMPLETE).join(',')}\n`))).code).toBe('empty_feed');
  });
});

describe('CSV encodings', () => {
  const czech = {
    ...COMPLETE,
    city: 'Příbram',
    street: 'Žižkova 12',
    description: 'Světlý byt, ďábelsky tichý; úžasný výhled.',
  };
  const polish = {
    ...COMPLETE,
    country: 'PL',
    currency: 'PLN',
    city: 'Łódź',
    street: 'ul. Żółkiewskiego 3',
    description: 'Mieszkanie, źródło ciepła: gaz; ślicznie.',
  };

  it('reads Windows-1250 when declared', async () => {
    const bytes = iconv.encode(csv([czech], ';'), 'windows-1250');
    const [item] = await readCsv(bytes, 'windows-1250');
    expect(item).toMatchObject({
      kind: 'listing',
      listing: { fields: { city: 'Příbram', street: 'Žižkova 12', description: czech.description } },
    });
  });

  it('reads ISO-8859-2 when declared', async () => {
    const bytes = iconv.encode(csv([polish], ';'), 'iso-8859-2');
    const [item] = await readCsv(bytes, 'ISO-8859-2');
    expect(item).toMatchObject({
      kind: 'listing',
      listing: { fields: { city: 'Łódź', street: 'ul. Żółkiewskiego 3', description: polish.description } },
    });
  });

  it('refuses Windows-1250 and ISO-8859-2 bytes read as UTF-8 when no encoding is declared', async () => {
    for (const [row, encoding] of [
      [czech, 'windows-1250'],
      [polish, 'iso-8859-2'],
    ] as const) {
      const bytes = iconv.encode(csv([row], ';'), encoding);
      expect((await fileError(readCsv(bytes))).code).toBe('encoding');
    }
  });

  it('reads UTF-8 with a BOM, whatever was declared', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv([czech]))]);
    const [item] = await readCsv(bytes, 'windows-1250');
    expect(item).toMatchObject({
      kind: 'listing',
      listing: { externalId: 'C-1', fields: { city: 'Příbram' } },
    });
  });

  it('refuses an encoding we do not read', async () => {
    expect((await fileError(openCsv(csv([COMPLETE]), 'koi8-r'))).code).toBe('encoding');
  });
});
