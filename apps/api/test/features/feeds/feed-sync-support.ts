import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import yazl from 'yazl';
import { FEED_RUN_JOB } from '../../../src/features/feeds/queue-feed-run.ts';
import { JobRegistry } from '../../../src/features/jobs/job-registry.ts';
import { createJobWorker, type JobRunSummary } from '../../../src/features/jobs/job-worker.ts';
import { createMailTransport } from '../../../src/features/mail/create-mail-transport.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { bearer, createUser, type TestUser } from '../../support/auth-helpers.ts';
import type { TestApi } from '../../support/helpers.ts';
import { multipart } from '../../support/multipart.ts';

// Our own OpenImmo feeds, photos and a photo server on 127.0.0.1 for the sync's tests.

export interface ListingSample {
  id: string;
  price?: number;
  description?: string;
  /** ZIP entry paths (`images/a.jpg`) or http addresses. */
  photos?: string[];
  /** TEIL: withdraw it. */
  delete?: boolean;
  /** Leaves out the living area (a field publishing needs). */
  withoutArea?: boolean;
}

/** One `<immobilie>`: a three-room flat for sale in Prague. */
export function listingXml(sample: ListingSample): string {
  const photos = (sample.photos ?? [])
    .map((path) => {
      const remote = /^https?:/.test(path);
      return `<anhang location="${remote ? 'REMOTE' : 'INTERN'}" gruppe="BILD"><format>jpg</format><daten><pfad>${path}</pfad></daten></anhang>`;
    })
    .join('');
  const area = sample.withoutArea ? '' : '<wohnflaeche>74</wohnflaeche>';
  return [
    '<immobilie>',
    '<objektkategorie><nutzungsart WOHNEN="true" GEWERBE="false"/><vermarktungsart KAUF="true" MIETE_PACHT="false"/><objektart><wohnung wohnungtyp="ETAGE"/></objektart></objektkategorie>',
    '<geo><plz>12000</plz><ort>Praha</ort><strasse>Vinohradská</strasse><hausnummer>12</hausnummer><land iso_land="CZE"/><geokoordinaten breitengrad="50.08" laengengrad="14.42"/><etage>3</etage><anzahl_etagen>5</anzahl_etagen></geo>',
    '<kontaktperson><name>Nováková</name><vorname>Jana</vorname><email_direkt>jana@reality.example</email_direkt></kontaktperson>',
    `<preise><kaufpreis>${sample.price ?? 5_000_000}</kaufpreis><waehrung iso_waehrung="CZK"/></preise>`,
    `<flaechen>${area}<anzahl_zimmer>3</anzahl_zimmer><anzahl_schlafzimmer>2</anzahl_schlafzimmer></flaechen>`,
    `<freitexte><objektbeschreibung>${sample.description ?? `Byt ${sample.id} blízko parku.`}</objektbeschreibung></freitexte>`,
    photos ? `<anhaenge>${photos}</anhaenge>` : '',
    `<verwaltung_techn>${sample.delete ? '<aktion aktionart="DELETE"/>' : ''}<objektnr_extern>${sample.id}</objektnr_extern></verwaltung_techn>`,
    '</immobilie>',
  ].join('');
}

export function openImmoXml(listings: ListingSample[], umfang: 'VOLL' | 'TEIL' = 'VOLL'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<openimmo><uebertragung art="OFFLINE" umfang="${umfang}" modus="CHANGE" version="1.2.7" sendersoftware="estately-tests" senderversion="1"/><anbieter><firma>Reality Test</firma><openimmo_anid>RT1</openimmo_anid>\n${listings.map(listingXml).join('\n')}\n</anbieter></openimmo>\n`;
}

export async function zipOf(entries: Array<{ name: string; data: Buffer | string }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data, entry.name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A small JPEG of its own colour: each `n` gives different bytes. */
export function jpeg(n: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 96,
      height: 64,
      channels: 3,
      background: { r: (n * 53) % 256, g: (n * 97) % 256, b: 80 },
    },
  })
    .jpeg()
    .toBuffer();
}

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

/** An HTTP server on 127.0.0.1 answering by path; counts the requests of each path. */
export async function startServer(routes: Record<string, Route>) {
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (!route) {
      response.writeHead(404).end('not found');
      return;
    }
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function companyAccount(api: TestApi, companyKind = 'agency'): Promise<TestUser> {
  return createUser(api.db, {
    verified: true,
    accountType: 'company',
    companyName: 'Reality Test s.r.o.',
    companyKind,
  });
}

export function call(
  api: TestApi,
  userId: number,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return api.app.inject({
    method,
    url,
    headers: bearer(api.config, userId),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function createFeed(
  api: TestApi,
  userId: number,
  body: Record<string, unknown>,
): Promise<number> {
  const response = await call(api, userId, 'POST', '/users/me/feeds', body);
  if (response.statusCode !== 201)
    throw new Error(`feed not created: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

export function uploadFeed(
  api: TestApi,
  userId: number,
  feedId: number,
  data: Buffer,
  filename = 'feed.zip',
) {
  const body = multipart([{ name: 'file', filename, contentType: 'application/zip', data }]);
  return api.app.inject({
    method: 'POST',
    url: `/users/me/feeds/${feedId}/upload`,
    headers: { ...bearer(api.config, userId), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Runs the queued feed runs with the handler the worker registers, and only that kind. */
export function runFeedJobs(api: TestApi): Promise<JobRunSummary> {
  const handlers = createJobHandlers({
    db: api.db,
    config: api.config,
    transport: createMailTransport(api.config, api.db),
  });
  const handler = handlers.handlerFor(FEED_RUN_JOB);
  if (!handler) throw new Error(`no handler registered for ${FEED_RUN_JOB}`);
  return createJobWorker({
    db: api.db,
    registry: new JobRegistry().register(FEED_RUN_JOB, handler),
  }).runDueJobs();
}
