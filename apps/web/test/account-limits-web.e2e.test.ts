// Issue 37 point 5, as a seller meets it: the account's limits answer in the page's language.
// At the property limit, starting a new property in the editor says so above the form (not a
// generic "check the fields"); past the hour's upload budget, a photo upload names the wait.

import { buildPath } from '@estately/domain';
import { translate } from '@estately/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/src/server.ts';
import { tooManyRequestsText } from '../app/i18n/error-text.ts';
import type { RunningWeb } from '../server/server.ts';
import { apiAs, PERSON_UA, signUpByApi, startApiAndWeb } from './browser-setup.ts';

let stack: Awaited<ReturnType<typeof startApiAndWeb>>;
let api: RunningApi;
let web: RunningWeb;
let cookie: string;
let token: string;

beforeAll(async () => {
  stack = await startApiAndWeb({ apiEnv: { ACCOUNT_MAX_PROPERTIES: '1', ACCOUNT_UPLOAD_MB_PER_HOUR: '15' } });
  ({ api, web } = stack);
  const pair = await signUpByApi(api.url, `limits-${Date.now()}@example.com`);
  token = pair.token;
  cookie = `token=${pair.token}; refresh_token=${pair.refresh_token}`;
}, 180_000);

afterAll(() => stack?.close());

const headers = () => ({ cookie, origin: web.url, 'user-agent': PERSON_UA, 'accept-language': 'cs' });

describe('account limits in the seller’s language', () => {
  it('at the property limit, a new property is refused with the reason above the form', async () => {
    // The one property the account may hold.
    await apiAs(api.url, token, 'POST', '/v1/property/save', {
      offer_type: 'sale',
      property_type: 'apartment',
      country_code: 'CZ',
    });
    const body = new URLSearchParams({
      intent: 'create',
      offer_type: 'sale',
      property_type: 'house',
      country_code: 'CZ',
      idempotency_key: `create-${Date.now()}`,
    });
    const response = await fetch(new URL(`${buildPath('accountMyOffers', 'cs')}/new`, web.url), {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain(translate('cs', 'validation.too_many_properties'));
  });

  it("past the hour's upload budget, a photo upload says how long to wait", async () => {
    const own = await apiAs<{ data: Array<{ id: number }> }>(api.url, token, 'GET', '/my/own/properties');
    const id = own.data[0]?.id;
    expect(id).toBeGreaterThan(0);
    // 8 MiB twice: the first spends the budget (and is no image), the second is beyond it.
    const file = () => new File([new Uint8Array(8 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    const send = () => {
      const form = new FormData();
      form.set('file', file());
      // As the editor's script sends it (a form post without scripts is answered by a redirect).
      return fetch(new URL(`${buildPath('accountMyOffers', 'cs')}/${id}/photos`, web.url), {
        method: 'POST',
        headers: { ...headers(), accept: 'application/json' },
        body: form,
      });
    };
    const first = await send();
    expect(first.status).toBe(422);
    const second = await send();
    expect(second.status).toBe(429);
    const wait = Number(second.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(60);
    const answer = (await second.json()) as { error: string };
    // "... Zkuste to prosím znovu za 60 minut.", as every 429 of the site names its wait.
    expect(answer.error).toBe(tooManyRequestsText((key, values) => translate('cs', key, values), wait));
  });
});
