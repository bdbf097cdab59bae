import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../../../src/features/feeds/feed-listing.ts';
import type { FeedReadLimits } from '../../../../src/features/feeds/formats/feed-read-options.ts';
import { openFeedFile } from '../../../../src/features/feeds/formats/open-feed-file.ts';
import { FeedPhotoReadError } from '../../../../src/features/feeds/formats/zip-archive.ts';
import { collect, fileError, useFeedFiles } from '../fixtures/feed-files.ts';
import { immobilie, openImmoDocument } from '../fixtures/openimmo-samples.ts';
import { declareSize, renameEntry, zipBuffer } from '../fixtures/zip-samples.ts';

const files = useFeedFiles();

async function openXml(
  xml: string | Buffer,
  options: { encoding?: string; limits?: Partial<FeedReadLimits> } = {},
) {
  const path = await files.write('xml', xml);
  return openFeedFile({ path, format: 'openimmo', ...options });
}

async function openZip(zip: Buffer, limits?: Partial<FeedReadLimits>) {
  // Named neither .zip nor .xml: the reader knows a ZIP by its first bytes.
  const path = await files.write('bin', zip);
  return openFeedFile({ path, format: 'openimmo', limits });
}

/** Opens and reads a feed: a small file's fault is found as it opens, a large one's while it is read. */
async function readAll(xml: string | Buffer): Promise<FeedItem[]> {
  return collect(await openXml(xml));
}

const listings = (items: FeedItem[]) =>
  items.flatMap((item) => (item.kind === 'listing' ? [item.listing] : []));
const rejections = (items: FeedItem[]) => items.flatMap((item) => (item.kind === 'rejected' ? [item] : []));

describe('OpenImmo transfer modes and actions', () => {
  it('reads a VOLL feed as the whole stock, twice over, with the same listings each time', async () => {
    const feed = await openXml(
      openImmoDocument([immobilie({ id: 'A' }), immobilie({ id: 'B' })], { umfang: 'VOLL' }),
    );
    expect(feed.mode).toBe('full');
    const first = await collect(feed);
    const second = await collect(feed);
    expect(first).toEqual(second);
    expect(listings(first).map((listing) => [listing.externalId, listing.action])).toEqual([
      ['A', 'upsert'],
      ['B', 'upsert'],
    ]);
    expect(first.map((item) => item.position)).toEqual([1, 2]);
    await feed.close();
  });

  it('reads the whole sample listing into our fields', async () => {
    const feed = await openXml(openImmoDocument([immobilie()]));
    const [item] = await collect(feed);
    expect(item).toEqual({
      kind: 'listing',
      position: 1,
      listing: {
        externalId: 'W-1',
        action: 'upsert',
        fields: {
          offer_type: 'sale',
          property_type: 'apartment',
          disposition: '3',
          room: ['living_room', 'bedroom', 'bedroom', 'bathroom'],
          bathroom: 1,
          useful_area: 84.5,
          useful_area_units: 'm2',
          price: 349000,
          price_variant: 'fixed',
          currency_iso_code: 'EUR',
          floor: 3,
          total_floors: 5,
          year_built: 1962,
          type_of_heating: 'gas',
          description: 'Helle Wohnung\n\nDrei Zimmer nahe der Förde.',
          locale: 'cs',
          street: 'Holstenstraße 12',
          zip: '24103',
          city: 'Kiel',
          country_code: 'DE',
          latitude: 54.32,
          longitude: 10.13,
          contact: {
            contact_name: 'Anna Muster',
            contact_email: 'anna@example.org',
            contact_phone: '0431 123456',
          },
        },
        photos: [],
        problems: [],
      },
    });
  });

  it('reads TEIL as changes only, DELETE as a withdrawal, and a feed without uebertragung as VOLL', async () => {
    const partial = await openXml(
      openImmoDocument(
        [
          immobilie({ id: 'A' }),
          immobilie({ verwaltung_techn: '<objektnr_extern>B</objektnr_extern><aktion aktionart="DELETE"/>' }),
        ],
        { umfang: 'TEIL' },
      ),
    );
    expect(partial.mode).toBe('partial');
    const items = await collect(partial);
    expect(listings(items).map((listing) => [listing.externalId, listing.action])).toEqual([
      ['A', 'upsert'],
      ['B', 'withdraw'],
    ]);
    // A withdrawal needs nothing but its id.
    const withdrawal = await openXml(
      openImmoDocument([
        '<immobilie><verwaltung_techn><objektnr_extern>C</objektnr_extern><aktion aktionart="DELETE"/></verwaltung_techn></immobilie>',
      ]),
    );
    expect(listings(await collect(withdrawal))).toEqual([
      { externalId: 'C', action: 'withdraw', fields: {}, photos: [], problems: [] },
    ]);
    const noTransfer = await openXml(openImmoDocument([immobilie()], { umfang: null }));
    expect(noTransfer.mode).toBe('full');
  });
});

describe('OpenImmo values a listing cannot keep', () => {
  const rejectionOf = async (parts: Parameters<typeof immobilie>[0]) => {
    const items = await collect(await openXml(openImmoDocument([immobilie(parts)])));
    expect(items).toHaveLength(1);
    return items[0];
  };

  it.each([
    ['a negative price', '<kaufpreis>-5</kaufpreis>', 'validation.number_not_positive'],
    ['a zero price', '<kaufpreis>0</kaufpreis>', 'validation.number_not_positive'],
    ['an absurd price', '<kaufpreis>5000000000000</kaufpreis>', 'validation.number_too_large'],
  ])('rejects %s', async (_name, preise, detail) => {
    expect(await rejectionOf({ preise })).toMatchObject({
      kind: 'rejected',
      rejection: { externalId: 'W-1', problems: [{ code: 'invalid_value', field: 'price', detail }] },
    });
  });

  it.each([
    [
      'a negative area',
      '<wohnflaeche>-40</wohnflaeche><anzahl_zimmer>2</anzahl_zimmer>',
      'validation.number_not_positive',
    ],
    [
      'an absurd area',
      '<wohnflaeche>2000000</wohnflaeche><anzahl_zimmer>2</anzahl_zimmer>',
      'validation.number_too_large',
    ],
  ])('rejects %s', async (_name, flaechen, detail) => {
    expect(await rejectionOf({ flaechen })).toMatchObject({
      kind: 'rejected',
      rejection: { problems: [{ code: 'invalid_value', field: 'useful_area', detail }] },
    });
  });

  it.each([
    ['latitude', '<geokoordinaten breitengrad="91" laengengrad="10"/>', 'validation.number_too_large'],
    ['latitude', '<geokoordinaten breitengrad="-90.5" laengengrad="10"/>', 'validation.number_too_small'],
    ['longitude', '<geokoordinaten breitengrad="54" laengengrad="-181"/>', 'validation.number_too_small'],
    ['longitude', '<geokoordinaten breitengrad="54" laengengrad="360"/>', 'validation.number_too_large'],
  ])('rejects a %s out of range', async (field, coordinates, detail) => {
    const item = await rejectionOf({
      geo: `<plz>24103</plz><ort>Kiel</ort><land iso_land="DEU"/>${coordinates}`,
    });
    expect(item).toMatchObject({
      kind: 'rejected',
      rejection: { problems: [{ code: 'invalid_value', field, detail }] },
    });
  });

  it('rejects a listing without a field an offer is, and names each', async () => {
    const item = await rejectionOf({ geo: '<land iso_land="DEU"/>', freitexte: '' });
    expect(item).toMatchObject({
      kind: 'rejected',
      rejection: {
        externalId: 'W-1',
        problems: [
          { code: 'missing_field', field: 'city' },
          { code: 'missing_field', field: 'description' },
        ],
      },
    });
  });

  it('rejects a listing of a kind we do not list, naming the value', async () => {
    const item = await rejectionOf({
      objektkategorie:
        '<nutzungsart WOHNEN="true"/><vermarktungsart KAUF="true"/><objektart><grundstueck grundst_typ="WOHNEN"/></objektart>',
    });
    expect(item).toMatchObject({
      kind: 'rejected',
      rejection: {
        problems: [
          { code: 'unmapped_value', field: 'property_type', value: 'grundstueck' },
          { code: 'missing_field', field: 'property_type' },
        ],
      },
    });
  });

  it('keeps a listing whose optional values fail, reporting each', async () => {
    const item = await rejectionOf({
      kontaktperson:
        '<name>Muster</name><email_direkt>not-an-address</email_direkt><tel_durchw>0431 123456</tel_durchw>',
      ausstattung: '<heizungsart OFEN="true"/>',
      flaechen:
        '<wohnflaeche>84.5</wohnflaeche><anzahl_zimmer>3</anzahl_zimmer><anzahl_badezimmer>25</anzahl_badezimmer>',
    });
    expect(item?.kind).toBe('listing');
    if (item?.kind !== 'listing') return;
    expect(item.listing.fields.contact).toEqual({ contact_name: 'Muster', contact_phone: '0431 123456' });
    expect(item.listing.fields.type_of_heating).toBeUndefined();
    expect(item.listing.fields.bathroom).toBeUndefined();
    expect(item.listing.problems).toEqual([
      { code: 'unmapped_value', field: 'type_of_heating', value: 'OFEN' },
      { code: 'invalid_value', field: 'bathroom', value: '25', detail: 'validation.number_too_large' },
      {
        code: 'invalid_value',
        field: 'contact.contact_email',
        value: 'not-an-address',
        detail: 'validation.invalid_email',
      },
    ]);
  });

  it('rejects a listing whose rooms pass the form’s bound, as rooms are needed to publish', async () => {
    const item = await rejectionOf({
      flaechen:
        '<wohnflaeche>84.5</wohnflaeche><anzahl_zimmer>3</anzahl_zimmer><anzahl_badezimmer>99</anzahl_badezimmer>',
    });
    expect(item).toMatchObject({
      kind: 'rejected',
      rejection: {
        problems: [
          { code: 'invalid_value', field: 'room', detail: 'validation.too_long' },
          { field: 'bathroom' },
        ],
      },
    });
  });

  it('reports rooms a feed does not count, keeping the listing', async () => {
    const item = await rejectionOf({
      objektkategorie:
        '<nutzungsart WOHNEN="true"/><vermarktungsart KAUF="true"/><objektart><wohnung wohnungtyp="MAISONETTE"/></objektart>',
      flaechen: '<wohnflaeche>120</wohnflaeche>',
    });
    expect(item).toMatchObject({
      kind: 'listing',
      listing: {
        fields: { disposition: 'maisonette' },
        problems: [{ code: 'missing_field', field: 'room' }],
      },
    });
  });

  it('reports rent fields an offer needs but a feed may lack, keeping the listing', async () => {
    const item = await rejectionOf({
      objektkategorie:
        '<nutzungsart WOHNEN="true"/><vermarktungsart MIETE_PACHT="true"/><objektart><wohnung/></objektart>',
      preise: '<kaltmiete>950</kaltmiete>',
    });
    expect(item).toMatchObject({
      kind: 'listing',
      listing: {
        fields: { offer_type: 'rent', price: 950, rent_price_period: 'month' },
        problems: [{ code: 'missing_field', field: 'minimum_rental_period' }],
      },
    });
  });

  it('rejects a listing without an id, and the second of two with the same id', async () => {
    const items = await collect(
      await openXml(
        openImmoDocument([
          immobilie({ id: 'X' }),
          immobilie({ verwaltung_techn: '<objektnr_intern>7</objektnr_intern>' }),
          immobilie({ id: 'X' }),
        ]),
      ),
    );
    expect(items.map((item) => item.kind)).toEqual(['listing', 'rejected', 'rejected']);
    expect(rejections(items).map((item) => [item.position, item.rejection])).toEqual([
      [2, { problems: [{ code: 'missing_id' }] }],
      [3, { externalId: 'X', problems: [{ code: 'duplicate_id', value: 'X' }] }],
    ]);
  });

  it('rejects one listing past the size bound and reads the ones around it', async () => {
    const huge = immobilie({
      id: 'H',
      freitexte: `<objektbeschreibung>${'x'.repeat(50_000)}</objektbeschreibung>`,
    });
    const items = await collect(
      await openXml(openImmoDocument([immobilie({ id: 'A' }), huge, immobilie({ id: 'B' })]), {
        limits: { maxListingChars: 20_000 },
      }),
    );
    expect(items.map((item) => item.kind)).toEqual(['listing', 'rejected', 'listing']);
    expect(items[1]).toMatchObject({
      rejection: { problems: [{ code: 'malformed_listing', detail: 'feeds.listing.too_large' }] },
    });
  });

  it('reads 10,000 listings of a TEIL file with one bad one: 9,999 listings and 1 rejected', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      index === 6_543
        ? immobilie({ id: `L${index}`, preise: '<kaufpreis>-1</kaufpreis>' })
        : immobilie({ id: `L${index}` }),
    );
    const feed = await openXml(openImmoDocument(many, { umfang: 'TEIL' }));
    expect(feed.mode).toBe('partial');
    const items = await collect(feed);
    expect(listings(items)).toHaveLength(9_999);
    expect(rejections(items)).toEqual([
      {
        kind: 'rejected',
        position: 6_544,
        rejection: {
          externalId: 'L6543',
          problems: [
            { code: 'invalid_value', field: 'price', value: '-1', detail: 'validation.number_not_positive' },
          ],
        },
      },
    ]);
  });
});

describe('OpenImmo files refused whole', () => {
  it('refuses malformed XML, naming the line', async () => {
    const broken = openImmoDocument([
      immobilie({ id: 'A' }),
      immobilie({ id: 'B' }).replace('</geo>', '</gео>'),
    ]);
    const error = await fileError(readAll(broken));
    expect(error.code).toBe('malformed_xml');
    expect(error.detail).toMatch(/^4:\d+: unexpected close tag/);
    expect((await fileError(openXml('<openimmo><anbieter>'))).code).toBe('malformed_xml');
    expect((await fileError(openXml('external_id,price\nA,1\n'))).code).toBe('malformed_xml');
  });

  it('refuses a document that is not OpenImmo', async () => {
    const error = await fileError(openXml('<?xml version="1.0"?><rss version="2.0"><channel/></rss>'));
    expect(error).toMatchObject({ code: 'not_openimmo', detail: 'root element <rss>' });
  });

  it('refuses an external entity (XXE) before reading anything', async () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE openimmo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<openimmo><anbieter>${immobilie({ freitexte: '<objektbeschreibung>&xxe;</objektbeschreibung>' })}</anbieter></openimmo>`;
    expect((await fileError(openXml(xxe))).code).toBe('doctype_refused');
  });

  it('refuses billion laughs before any entity is expanded', async () => {
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('');
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]><openimmo>&lol9;</openimmo>`;
    const before = process.memoryUsage().heapUsed;
    expect((await fileError(openXml(laughs))).code).toBe('doctype_refused');
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a DOCTYPE deep in the file, even one split across read chunks', async () => {
    const filler = Array.from({ length: 400 }, (_, i) => immobilie({ id: `F${i}` }));
    const xml = openImmoDocument(filler).replace('</anbieter>', '<!DOCTYPE x></anbieter>');
    const feed = await openXml(xml);
    expect((await fileError(collect(feed))).code).toBe('doctype_refused');
  });

  it('refuses an undeclared entity as malformed', async () => {
    const xml = openImmoDocument([
      immobilie({ freitexte: '<objektbeschreibung>&nbsp;</objektbeschreibung>' }),
    ]);
    expect((await fileError(readAll(xml))).code).toBe('malformed_xml');
  });

  it('refuses an empty document, an empty file and a file past the size bound', async () => {
    expect((await fileError(readAll(openImmoDocument([])))).code).toBe('empty_feed');
    expect((await fileError(openXml(''))).code).toBe('empty_feed');
    expect(
      (await fileError(openXml(openImmoDocument([immobilie()]), { limits: { maxFileBytes: 100 } }))).code,
    ).toBe('file_too_large');
  });
});

describe('OpenImmo encodings', () => {
  const polish = immobilie({
    geo: '<plz>90-001</plz><ort>Łódź</ort><strasse>ul. Żółkiewskiego</strasse><land iso_land="POL"/>',
    freitexte: '<objektbeschreibung>Mieszkanie z widokiem, źródło ciepła: gaz.</objektbeschreibung>',
  });
  const czech = immobilie({
    geo: '<plz>261 01</plz><ort>Příbram</ort><strasse>Žižkova</strasse><land iso_land="CZE"/>',
    freitexte: '<objektbeschreibung>Světlý byt, ďábelsky tichý.</objektbeschreibung>',
  });
  const fieldsOf = async (feed: Awaited<ReturnType<typeof openXml>>) =>
    listings(await collect(feed))[0]?.fields;

  it('honours an ISO-8859-2 declaration', async () => {
    const bytes = iconv.encode(openImmoDocument([polish], { encoding: 'ISO-8859-2' }), 'iso-8859-2');
    expect(bytes.includes(Buffer.from('Łódź'))).toBe(false);
    expect(await fieldsOf(await openXml(bytes))).toMatchObject({
      city: 'Łódź',
      street: 'ul. Żółkiewskiego',
      description: 'Mieszkanie z widokiem, źródło ciepła: gaz.',
      country_code: 'PL',
    });
  });

  it('honours a Windows-1250 declaration, and the feed’s declared encoding when the XML has none', async () => {
    const declared = iconv.encode(openImmoDocument([czech], { encoding: 'windows-1250' }), 'windows-1250');
    expect(await fieldsOf(await openXml(declared))).toMatchObject({ city: 'Příbram', street: 'Žižkova' });
    const bare = iconv.encode(openImmoDocument([czech]).replace(/^<\?xml[^>]*>/, ''), 'windows-1250');
    expect(await fieldsOf(await openXml(bare, { encoding: 'windows-1250' }))).toMatchObject({
      city: 'Příbram',
    });
  });

  it('refuses bytes that are not the UTF-8 they claim, and an encoding we do not read', async () => {
    const lying = iconv.encode(openImmoDocument([czech], { encoding: 'UTF-8' }), 'windows-1250');
    expect((await fileError(readAll(lying))).code).toBe('encoding');
    const shiftJis = openImmoDocument([czech], { encoding: 'Shift_JIS' });
    expect((await fileError(openXml(shiftJis))).code).toBe('encoding');
  });

  it('reads UTF-8 with a BOM', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(openImmoDocument([czech]))]);
    expect(await fieldsOf(await openXml(withBom))).toMatchObject({ city: 'Příbram' });
  });
});

describe('OpenImmo ZIP feeds', () => {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 200 }, (_, i) => i % 256)]);
  const withPhotos = immobilie({
    id: 'Z',
    anhaenge: `<anhang location="EXTERN" gruppe="BILD"><daten><pfad>bilder/2.jpg</pfad></daten></anhang>
      <anhang location="EXTERN" gruppe="TITELBILD"><anhangtitel>Front</anhangtitel><daten><pfad>bilder\\1.JPG</pfad></daten></anhang>
      <anhang location="EXTERN" gruppe="BILD"><daten><pfad>bilder/missing.jpg</pfad></daten></anhang>`,
  });

  it('reads the XML of a ZIP and its photos, relative to the XML file', async () => {
    const zip = await zipBuffer([
      { name: 'export/openimmo.xml', data: openImmoDocument([withPhotos]) },
      { name: 'export/bilder/1.jpg', data: jpeg, compress: false },
      { name: 'export/bilder/2.jpg', data: jpeg },
      { name: '__MACOSX/export/._openimmo.xml', data: 'resource fork' },
    ]);
    const feed = await openZip(zip);
    const [item] = await collect(feed);
    expect(item).toMatchObject({
      kind: 'listing',
      listing: {
        externalId: 'Z',
        photos: [
          { kind: 'zip', path: 'export/bilder/1.jpg', title: 'Front' },
          { kind: 'zip', path: 'export/bilder/2.jpg' },
        ],
        problems: [
          {
            code: 'photo_failed',
            field: 'photos',
            value: 'bilder/missing.jpg',
            detail: 'feeds.photo.not_found',
          },
        ],
      },
    });
    expect(await feed.readPhoto('export/bilder/1.jpg', 10_000)).toEqual(jpeg);
    expect(await feed.readPhoto('export/bilder/2.jpg', 10_000)).toEqual(jpeg);
    await expect(feed.readPhoto('export/bilder/2.jpg', 100)).rejects.toMatchObject({
      failure: 'too_large',
      code: 'zip_too_large',
    });
    await expect(feed.readPhoto('nothing.jpg', 100)).rejects.toBeInstanceOf(FeedPhotoReadError);
    // The second pass reads the entry again.
    expect(await collect(feed)).toEqual([item]);
    await feed.close();
  });

  it('refuses a ZIP without an XML file', async () => {
    const zip = await zipBuffer([{ name: 'bilder/1.jpg', data: jpeg }]);
    expect((await fileError(openZip(zip))).code).toBe('zip_without_xml');
  });

  it.each([
    ['../evil.xml', 'path with ..'],
    ['/etc/evil.x', 'absolute path'],
    ['C:/evil.xml', 'absolute path'],
    ['bad\\a.xml', 'backslash in name'],
    ['a/../b.xml', 'path with ..'],
  ])('refuses the entry %s', async (name, reason) => {
    const placeholder = `${'q'.repeat(Buffer.byteLength(name) - 4)}.xml`;
    const zip = await zipBuffer([
      { name: 'feed.xml', data: openImmoDocument([immobilie()]) },
      { name: placeholder, data: 'x' },
    ]);
    const error = await fileError(openZip(renameEntry(zip, placeholder, name)));
    expect(error.code).toBe('zip_unsafe');
    expect(error.detail).toBe(`${reason}: ${name}`);
  });

  it('refuses a ZIP whose entries declare more than the bound', async () => {
    const zip = await zipBuffer([
      { name: 'feed.xml', data: openImmoDocument([immobilie()]) },
      { name: 'big.bin', data: Buffer.alloc(6 * 1024 * 1024, 7) },
    ]);
    expect((await fileError(openZip(zip, { maxUncompressedBytes: 5 * 1024 * 1024 }))).code).toBe(
      'zip_too_large',
    );
  });

  it('refuses a ZIP bomb by its ratio', async () => {
    const zip = await zipBuffer([
      { name: 'feed.xml', data: openImmoDocument([immobilie()]) },
      { name: 'bomb.jpg', data: Buffer.alloc(40 * 1024 * 1024, 0) },
    ]);
    expect(zip.length).toBeLessThan(200 * 1024);
    expect((await fileError(openZip(zip))).code).toBe('zip_too_large');
  });

  it('stops inflating a ZIP bomb whose headers lie, at the declared size', async () => {
    const bombXml = `<?xml version="1.0"?><openimmo>${' '.repeat(30 * 1024 * 1024)}</openimmo>`;
    const zip = await zipBuffer([{ name: 'feed.xml', data: bombXml }]);
    const lying = declareSize(zip, 'feed.xml', 1_000);
    const before = process.memoryUsage().heapUsed;
    expect((await fileError(openZip(lying))).code).toBe('zip_too_large');
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 1024 * 1024);
  });

  it('stops inflating a photo whose header lies, as a photo too large', async () => {
    const zip = await zipBuffer([
      { name: 'feed.xml', data: openImmoDocument([immobilie()]) },
      { name: 'photo.jpg', data: Buffer.alloc(5 * 1024 * 1024, 1) },
    ]);
    const feed = await openZip(declareSize(zip, 'photo.jpg', 500));
    await expect(feed.readPhoto('photo.jpg', 1024 * 1024)).rejects.toMatchObject({ failure: 'too_large' });
    await feed.close();
  });

  it('reads a highly compressible entry whole while it stays within the bounds', async () => {
    const zip = await zipBuffer([
      { name: 'feed.xml', data: openImmoDocument([immobilie()]) },
      { name: 'photo.jpg', data: Buffer.alloc(3 * 1024 * 1024, 0) },
    ]);
    const feed = await openZip(zip, { ratioFloorBytes: 1024 * 1024, maxCompressionRatio: 2_000 });
    await expect(feed.readPhoto('photo.jpg', 10 * 1024 * 1024)).resolves.toHaveLength(3 * 1024 * 1024);
    await feed.close();
    expect(
      (await fileError(openZip(zip, { ratioFloorBytes: 1024 * 1024, maxCompressionRatio: 100 }))).code,
    ).toBe('zip_too_large');
  });
});
