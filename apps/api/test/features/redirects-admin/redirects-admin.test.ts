import { redirects } from '@estately/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// Issue 10 "redirects table": the admins' CRUD of the rules that GET /content/redirects/resolve
// answers (spec 2's global guard). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: TestApi;
let admin: { id: number };
let user: { id: number };

beforeAll(async () => {
  api = await buildTestApi();
  admin = await createUser(api.db, { verified: true, isAdmin: true });
  user = await createUser(api.db, { verified: true });
});
afterAll(() => api.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: { id: number } | null,
  payload?: unknown,
) {
  return api.app.inject({
    method,
    url,
    headers: who ? bearer(api.config, who.id) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const resolve = (path: string) =>
  api.app.inject({ method: 'GET', url: `/content/redirects/resolve?path=${encodeURIComponent(path)}` });

const rows = () => api.db.select().from(redirects).orderBy(asc(redirects.id));

describe('who may call', () => {
  it('answers a guest 401 and a non-admin 403, storing nothing', async () => {
    const body = { from_path: '/cs/guest', to_url: '/cs' };
    expect((await call('POST', '/admin/redirects', null, body)).statusCode).toBe(401);
    const refused = await call('POST', '/admin/redirects', user, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect((await call('GET', '/admin/redirects', user)).statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });
});

describe('adding, changing and removing a rule', () => {
  it('adds a rule the resolver follows at once, with the trailing slash dropped', async () => {
    const created = await call('POST', '/admin/redirects', admin, {
      from_path: '/cs/stara-nabidka/',
      to_url: '/cs/blog',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      from_path: '/cs/stara-nabidka',
      to_url: '/cs/blog',
      status_code: 301,
      hits: 0,
    });
    const resolved = await resolve('/cs/stara-nabidka');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({ to: '/cs/blog', status: 301 });

    const list = await call('GET', '/admin/redirects', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ from_path: '/cs/stara-nabidka', hits: 1 })]);
  });

  it('changes the target and the status, and counts anew when the path moves', async () => {
    const [rule] = (await call('GET', '/admin/redirects?q=stara-nabidka', admin)).json().data;
    const changed = await call('PATCH', `/admin/redirects/${rule.id}`, admin, {
      to_url: 'https://blog.example.com/novinky',
      status_code: 302,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      to_url: 'https://blog.example.com/novinky',
      status_code: 302,
      hits: 1,
    });
    expect((await resolve('/cs/stara-nabidka')).json()).toEqual({
      to: 'https://blog.example.com/novinky',
      status: 302,
    });

    const moved = await call('PATCH', `/admin/redirects/${rule.id}`, admin, {
      from_path: '/cs/jina-nabidka',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ from_path: '/cs/jina-nabidka', hits: 0 });
    expect((await resolve('/cs/stara-nabidka')).statusCode).toBe(404);
    expect((await resolve('/cs/jina-nabidka')).statusCode).toBe(200);
  });

  it('removes a rule (204); the path no longer redirects and a second removal is 404', async () => {
    const [rule] = (await call('GET', '/admin/redirects?q=jina', admin)).json().data;
    const removed = await call('DELETE', `/admin/redirects/${rule.id}`, admin);
    expect(removed.statusCode).toBe(204);
    expect((await resolve('/cs/jina-nabidka')).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/redirects/${rule.id}`, admin)).statusCode).toBe(404);
    expect((await call('PATCH', `/admin/redirects/${rule.id}`, admin, { to_url: '/cs' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/admin/redirects/abc', admin)).statusCode).toBe(404);
  });
});

describe('bad rules are refused with a key per field and change nothing', () => {
  it.each([
    [{ from_path: '/', to_url: '/cs' }, 'from_path', 'redirects.invalid_from_path'],
    [{ from_path: 'cs/bez-lomitka', to_url: '/cs' }, 'from_path', 'redirects.invalid_from_path'],
    [{ from_path: '/cs/s?dotazem=1', to_url: '/cs' }, 'from_path', 'redirects.invalid_from_path'],
    [{ from_path: '//evil.example.com', to_url: '/cs' }, 'from_path', 'redirects.invalid_from_path'],
    [{ from_path: '/cs/a', to_url: 'javascript:alert(1)' }, 'to_url', 'redirects.invalid_target'],
    [{ from_path: '/cs/a', to_url: '//evil.example.com/x' }, 'to_url', 'redirects.invalid_target'],
    [{ from_path: '/cs/a', to_url: '' }, 'to_url', 'validation.required'],
    [{ from_path: '/cs/a\u0001b', to_url: '/cs' }, 'from_path', 'redirects.invalid_from_path'],
    [{ from_path: '/cs/a', to_url: '/cs/\u0001' }, 'to_url', 'redirects.invalid_target'],
    // NUL is refused for every route before validation (plugins/app/reject-nul.ts).
    [{ from_path: '/cs/a\u0000b', to_url: '/cs' }, 'from_path', 'validation.nul_character'],
    [{ from_path: '/cs/a', to_url: '/cs/\u0000' }, 'to_url', 'validation.nul_character'],
    [{ from_path: '/cs/a', to_url: '/cs', status_code: 303 }, 'status_code', 'validation.invalid_value'],
    [{ from_path: '/cs/a', to_url: '/cs/a' }, 'to_url', 'redirects.loop'],
    [{ from_path: '/cs/a', to_url: '/cs/a/?x=1' }, 'to_url', 'redirects.loop'],
  ])('%j', async (body, field, key) => {
    const before = await rows();
    const response = await call('POST', '/admin/redirects', admin, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'validation_errors' });
    expect(response.json().errors[field]).toContain(key);
    expect(await rows()).toEqual(before);
  });

  it('refuses a path another rule answers, and a chain that comes back round', async () => {
    const first = await call('POST', '/admin/redirects', admin, { from_path: '/en/a', to_url: '/en/b' });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', '/admin/redirects', admin, { from_path: '/en/b', to_url: '/en/c' });
    expect(second.statusCode).toBe(201);
    const before = await rows();

    const taken = await call('POST', '/admin/redirects', admin, { from_path: '/en/a/', to_url: '/en/z' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.from_path).toEqual(['redirects.from_path_taken']);

    // /en/c -> /en/a would go a -> b -> c -> a.
    const loop = await call('POST', '/admin/redirects', admin, { from_path: '/en/c', to_url: '/en/a' });
    expect(loop.statusCode).toBe(422);
    expect(loop.json().errors.to_url).toEqual(['redirects.loop']);

    // Changing b to point back at a is a loop too; moving b onto a's path is taken.
    const id = second.json().id as number;
    const back = await call('PATCH', `/admin/redirects/${id}`, admin, { to_url: '/en/a' });
    expect(back.json().errors.to_url).toEqual(['redirects.loop']);
    const onto = await call('PATCH', `/admin/redirects/${id}`, admin, { from_path: '/en/a' });
    expect(onto.json().errors.from_path).toEqual(['redirects.from_path_taken']);
    const empty = await call('PATCH', `/admin/redirects/${id}`, admin, {});
    expect(empty.statusCode).toBe(422);
    const unknownField = await call('PATCH', `/admin/redirects/${id}`, admin, { hits: 99 });
    expect(unknownField.statusCode).toBe(422);
    expect(await rows()).toEqual(before);

    // The rule may keep its own path when only its status changes.
    const same = await call('PATCH', `/admin/redirects/${id}`, admin, {
      from_path: '/en/b',
      status_code: 308,
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('the list', () => {
  it('pages by per_page in path order and searches source and target', async () => {
    for (let index = 0; index < 5; index++) {
      const response = await call('POST', '/admin/redirects', admin, {
        from_path: `/de/liste-${index}`,
        to_url: index === 4 ? 'https://partner.example.com/100%_echt' : `/de/ziel-${index}`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const first = (await call('GET', '/admin/redirects?q=/de/&per_page=2', admin)).json();
    expect(first.data.map((rule: { from_path: string }) => rule.from_path)).toEqual([
      '/de/liste-0',
      '/de/liste-1',
    ]);
    expect(first.meta).toMatchObject({ page: 1, per_page: 2, total: 5, total_pages: 3, next_page: 2 });
    const third = (await call('GET', '/admin/redirects?q=/de/&per_page=2&page=3', admin)).json();
    expect(third.data.map((rule: { from_path: string }) => rule.from_path)).toEqual(['/de/liste-4']);
    // LIKE wildcards in the search stand for themselves.
    const byTarget = (await call('GET', `/admin/redirects?q=${encodeURIComponent('100%_')}`, admin)).json();
    expect(byTarget.data.map((rule: { from_path: string }) => rule.from_path)).toEqual(['/de/liste-4']);
    expect((await call('GET', '/admin/redirects?q=%25', admin)).json().meta.total).toBe(1);
    expect((await call('GET', '/admin/redirects?per_page=500', admin)).statusCode).toBe(422);
    expect((await call('GET', '/admin/redirects?q=%00', admin)).statusCode).toBe(422);
  });
});
