import { refreshTokens, securityEvents } from '@estately/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecretToken } from '../../src/features/auth/secret-token.ts';
import { createUser } from '../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../support/helpers.ts';

// Issue 11 item 4 (RFC 9700 section 4.14.2, decision 008): refresh-token rotation checked as a
// model. fast-check runs random sequences of logins, refreshes, replays, logouts and access
// checks against the real API and, after every step, compares the database and the answers
// with a model that knows only the documented rules:
// - a refresh token works once; its successor belongs to the same family;
// - a spent token presented again more than the grace window after its use answers 401,
//   revokes the whole family and logs exactly one `refresh_token_reused`;
// - within the grace window (two tabs refreshing at once) it answers 401 and changes nothing;
// - logout revokes the family; the family's access tokens stop working with it.
// "Later than the grace window" is made by moving the token's used_at back in the database,
// which is what waiting would do, without the test sleeping.

/** Bounded so the file stays well under a minute; FUZZ_RUNS raises it for a long run. */
const MODEL_RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let api: TestApi;
let address = 0;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(() => api.close());

/**
 * A new client address per request: the per-address budgets (the refresh limit, the global
 * per-minute limit) are not under test here, and long runs would exhaust them.
 */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

function post(url: string, payload: Record<string, unknown>) {
  return api.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
}

interface Session {
  /** Every refresh token of the family, oldest first; the last is the live one unless revoked. */
  tokens: string[];
  access: string;
  revoked: boolean;
}

interface Model {
  sessions: Session[];
  reuseEvents: number;
}

interface Real {
  userId: number;
  email: string;
  password: string;
}

async function reuseEventCount(userId: number): Promise<number> {
  const [row] = await api.db
    .select({ n: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, 'refresh_token_reused')));
  return row?.n ?? 0;
}

async function familyOf(token: string) {
  const [row] = await api.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashSecretToken(token)));
  return row?.familyId;
}

async function liveTokensInFamily(familyId: string): Promise<number> {
  const [row] = await api.db
    .select({ n: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  return row?.n ?? 0;
}

async function accessStatus(token: string): Promise<number> {
  const response = await api.app.inject({
    method: 'GET',
    url: '/user/me',
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: nextAddress(),
  });
  return response.statusCode;
}

/** After every command: the database and the answers agree with the model. */
async function checkInvariants(model: Model, real: Real) {
  expect(await reuseEventCount(real.userId)).toBe(model.reuseEvents);
  for (const session of model.sessions) {
    const familyId = await familyOf(session.tokens[0]!);
    expect(familyId).toBeDefined();
    // One family per login; rotation never leaves it.
    for (const token of session.tokens) expect(await familyOf(token)).toBe(familyId);
    expect(await liveTokensInFamily(familyId!)).toBe(session.revoked ? 0 : session.tokens.length);
    expect(await accessStatus(session.access)).toBe(session.revoked ? 401 : 200);
  }
}

const pick = <T>(list: T[], index: number): T | undefined =>
  list.length ? list[index % list.length] : undefined;

class Login implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.sessions.length < 4;
  async run(model: Model, real: Real) {
    const response = await post('/auth/login', { email: real.email, password: real.password });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { token: string; refresh_token: string };
    model.sessions.push({ tokens: [body.refresh_token], access: body.token, revoked: false });
    await checkInvariants(model, real);
  }
  toString = () => 'Login';
}

class Refresh implements fc.AsyncCommand<Model, Real> {
  readonly session: number;
  constructor(session: number) {
    this.session = session;
  }
  check = (model: Readonly<Model>) => model.sessions.length > 0;
  async run(model: Model, real: Real) {
    const session = pick(model.sessions, this.session)!;
    const response = await post('/api/token/refresh', { refresh_token: session.tokens.at(-1) });
    if (session.revoked) {
      expect(response.statusCode).toBe(401);
    } else {
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { token: string; refresh_token: string };
      session.tokens.push(body.refresh_token);
      session.access = body.token;
    }
    await checkInvariants(model, real);
  }
  toString = () => `Refresh(${this.session})`;
}

/** A spent token presented again after the grace window: theft is assumed. */
class ReplayLate implements fc.AsyncCommand<Model, Real> {
  readonly session: number;
  readonly which: number;
  constructor(session: number, which: number) {
    this.session = session;
    this.which = which;
  }
  check = (model: Readonly<Model>) => model.sessions.some((session) => session.tokens.length > 1);
  async run(model: Model, real: Real) {
    const candidates = model.sessions.filter((session) => session.tokens.length > 1);
    const session = pick(candidates, this.session)!;
    const spent = pick(session.tokens.slice(0, -1), this.which)!;
    await api.db
      .update(refreshTokens)
      .set({ usedAt: sql`${refreshTokens.usedAt} - interval '1 minute'` })
      .where(eq(refreshTokens.tokenHash, hashSecretToken(spent)));
    const response = await post('/api/token/refresh', { refresh_token: spent });
    expect(response.statusCode).toBe(401);
    session.revoked = true;
    model.reuseEvents += 1;
    await checkInvariants(model, real);
  }
  toString = () => `ReplayLate(${this.session}, ${this.which})`;
}

/** A refresh, then the token it spent again at once: the documented two-tab race. */
class RefreshThenReplayAtOnce implements fc.AsyncCommand<Model, Real> {
  readonly session: number;
  constructor(session: number) {
    this.session = session;
  }
  check = (model: Readonly<Model>) => model.sessions.some((session) => !session.revoked);
  async run(model: Model, real: Real) {
    const session = pick(
      model.sessions.filter((candidate) => !candidate.revoked),
      this.session,
    )!;
    const spent = session.tokens.at(-1)!;
    const first = await post('/api/token/refresh', { refresh_token: spent });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as { token: string; refresh_token: string };
    session.tokens.push(body.refresh_token);
    session.access = body.token;
    const late = await post('/api/token/refresh', { refresh_token: spent });
    expect(late.statusCode).toBe(401);
    await checkInvariants(model, real);
  }
  toString = () => `RefreshThenReplayAtOnce(${this.session})`;
}

class Logout implements fc.AsyncCommand<Model, Real> {
  readonly session: number;
  readonly which: number;
  constructor(session: number, which: number) {
    this.session = session;
    this.which = which;
  }
  check = (model: Readonly<Model>) => model.sessions.length > 0;
  async run(model: Model, real: Real) {
    const session = pick(model.sessions, this.session)!;
    // Any token of the family names it, spent or live.
    const response = await post('/auth/logout', { refresh_token: pick(session.tokens, this.which) });
    expect(response.statusCode).toBe(204);
    session.revoked = true;
    await checkInvariants(model, real);
  }
  toString = () => `Logout(${this.session}, ${this.which})`;
}

class UnknownToken implements fc.AsyncCommand<Model, Real> {
  readonly token: string;
  constructor(token: string) {
    this.token = token;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    expect((await post('/api/token/refresh', { refresh_token: this.token })).statusCode).toBe(401);
    expect((await post('/auth/logout', { refresh_token: this.token })).statusCode).toBe(204);
    await checkInvariants(model, real);
  }
  toString = () => `UnknownToken(${JSON.stringify(this.token)})`;
}

describe(`refresh-token rotation against a model (${MODEL_RUNS} random command sequences)`, () => {
  it(
    'matches the model after every command',
    async () => {
      const index = fc.nat({ max: 7 });
      const commands = fc.commands(
        [
          fc.constant(new Login()),
          index.map((session) => new Refresh(session)),
          index.map((session) => new Refresh(session)),
          fc.tuple(index, index).map(([session, which]) => new ReplayLate(session, which)),
          index.map((session) => new RefreshThenReplayAtOnce(session)),
          fc.tuple(index, index).map(([session, which]) => new Logout(session, which)),
          fc.string({ minLength: 1, maxLength: 60 }).map((token) => new UnknownToken(token)),
        ],
        { maxCommands: 12 },
      );
      await fc.assert(
        fc.asyncProperty(commands, async (sequence) => {
          const user = await createUser(api.db);
          const real: Real = { userId: user.id, email: user.email, password: user.password };
          const model: Model = { sessions: [], reuseEvents: 0 };
          await fc.asyncModelRun(() => ({ model, real }), sequence);
        }),
        { numRuns: MODEL_RUNS },
      );
    },
    Math.max(60_000, MODEL_RUNS * 2_000),
  );

  it('gives exactly one successor to 20 parallel refreshes with one token', async () => {
    const user = await createUser(api.db);
    const login = await post('/auth/login', { email: user.email, password: user.password });
    const { refresh_token: token } = login.json() as { refresh_token: string };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/token/refresh', { refresh_token: token })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 401)]);

    const [parent] = await api.db
      .select({ id: refreshTokens.id, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecretToken(token)));
    const children = await api.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.parentId, parent!.id));
    expect(children).toHaveLength(1);
    // The losers were within the grace window: nothing revoked, nothing logged, and the
    // winner's pair works.
    expect(await reuseEventCount(user.id)).toBe(0);
    expect(await liveTokensInFamily(parent!.familyId)).toBe(2);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json() as {
      token: string;
      refresh_token: string;
    };
    expect(await accessStatus(winner.token)).toBe(200);
    expect((await post('/api/token/refresh', { refresh_token: winner.refresh_token })).statusCode).toBe(200);
  });
});
