import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { createLoadContext } from './entry.server.tsx';
import {
  ownCallHeaders,
  REQUEST_ID_HEADER,
  requestApi,
  requestIdHeaders,
  requestLog,
  visitorHeaders,
} from './request-state.server.ts';
import { readWebConfig } from './web-config.ts';

const TOKEN = 'internal-token-of-the-web-tier-0123456789';

describe('calls to the API name the visitor (decision 041)', () => {
  it("a visitor render sends the token and the address; the server's own render only the token", () => {
    const config = readWebConfig({ INTERNAL_API_TOKEN: TOKEN });
    expect(visitorHeaders(createLoadContext(config, '198.51.100.7'))).toEqual({
      [INTERNAL_TOKEN_HEADER]: TOKEN,
      [VISITOR_ADDRESS_HEADER]: '198.51.100.7',
    });
    expect(visitorHeaders(createLoadContext(config, null))).toEqual({ [INTERNAL_TOKEN_HEADER]: TOKEN });
    expect(ownCallHeaders(config)).toEqual({ [INTERNAL_TOKEN_HEADER]: TOKEN });
  });

  it('without a token nothing is claimed: the API sees this server', () => {
    const config = readWebConfig({});
    expect(visitorHeaders(createLoadContext(config, '198.51.100.7'))).toEqual({});
    expect(ownCallHeaders(config)).toEqual({});
  });

  it("the request's API client sends them on every call, and never what the browser sent", async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const config = readWebConfig({ INTERNAL_API_TOKEN: TOKEN, API_URL: `http://127.0.0.1:${port}` });
      // A browser's own claims: a visitor header and a forwarded address.
      const request = new Request('http://localhost/en', {
        headers: { [VISITOR_ADDRESS_HEADER]: '192.0.2.1', 'x-forwarded-for': '192.0.2.2' },
      });
      await requestApi(createLoadContext(config, '198.51.100.7'), request, config).client.get('/properties');
      expect(seen[0]?.[INTERNAL_TOKEN_HEADER]).toBe(TOKEN);
      expect(seen[0]?.[VISITOR_ADDRESS_HEADER]).toBe('198.51.100.7');
      expect(seen[0]?.['x-forwarded-for']).toBeUndefined();
    } finally {
      server.close();
    }
  });
});

describe("the request's id goes with every call to the API", () => {
  it('beside the visitor headers, the own-call headers given the request, and the redirect lookup', () => {
    const config = readWebConfig({ INTERNAL_API_TOKEN: TOKEN });
    const context = createLoadContext(config, '198.51.100.7', 'f3b2c1d0a9e8f7a6b5c4d3e2f1a0b9c8');
    expect(visitorHeaders(context)).toEqual({
      [INTERNAL_TOKEN_HEADER]: TOKEN,
      [VISITOR_ADDRESS_HEADER]: '198.51.100.7',
      [REQUEST_ID_HEADER]: 'f3b2c1d0a9e8f7a6b5c4d3e2f1a0b9c8',
    });
    expect(ownCallHeaders(config, context)).toEqual({
      [INTERNAL_TOKEN_HEADER]: TOKEN,
      [REQUEST_ID_HEADER]: 'f3b2c1d0a9e8f7a6b5c4d3e2f1a0b9c8',
    });
    expect(requestIdHeaders(context)).toEqual({ [REQUEST_ID_HEADER]: 'f3b2c1d0a9e8f7a6b5c4d3e2f1a0b9c8' });
    // Without the internal token the id still travels: the API then makes its own (it trusts an
    // id only beside the token or from its proxy), the log lines are still found by either.
    const plain = readWebConfig({});
    expect(visitorHeaders(createLoadContext(plain, '198.51.100.7', 'abc'))).toEqual({
      [REQUEST_ID_HEADER]: 'abc',
    });
    // A context without an id (react-router dev): nothing.
    expect(requestIdHeaders(createLoadContext(config, null))).toEqual({});
  });

  it("a loader's log lines carry it", () => {
    const config = readWebConfig({});
    expect(requestLog(createLoadContext(config, null, 'id-of-this-request')).bindings()).toMatchObject({
      reqId: 'id-of-this-request',
    });
  });

  it("the request's API client sends it on every call", async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const config = readWebConfig({ INTERNAL_API_TOKEN: TOKEN, API_URL: `http://127.0.0.1:${port}` });
      // The browser's own X-Request-Id never reaches the API: the server's id replaced it.
      const request = new Request('http://localhost/en', { headers: { [REQUEST_ID_HEADER]: 'forged' } });
      const context = createLoadContext(config, '198.51.100.7', 'id-of-this-request');
      await requestApi(context, request, config).client.get('/properties');
      expect(seen[0]?.[REQUEST_ID_HEADER]).toBe('id-of-this-request');
    } finally {
      server.close();
    }
  });
});
