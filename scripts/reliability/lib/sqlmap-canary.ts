// A deliberately injectable endpoint for check 15: proof that sqlmap, as the check runs it, finds
// string-concatenated SQL and that the check's parser reports it. Never part of the product:
// it runs only inside the check, on 127.0.0.1, over an in-memory PGlite database with three
// made-up rows.
//
//   GET /canary/offers?city=Brno   -> select ... where city = '<city>' (concatenated, on purpose)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';

export interface Canary {
  url: string;
  close(): Promise<void>;
}

export async function startCanary(): Promise<Canary> {
  const db = new PGlite();
  await db.exec(`
    create table offers (id int primary key, city text not null, title text not null);
    insert into offers values (1, 'Brno', 'Byt 2+kk'), (2, 'Praha', 'Dům 5+1'), (3, 'Brno', 'Garsoniéra');
  `);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://canary');
    if (url.pathname !== '/canary/offers') {
      res.writeHead(404).end();
      return;
    }
    const city = url.searchParams.get('city') ?? '';
    // The vulnerability this endpoint exists to show: user input pasted into SQL.
    db.query<{ id: number; title: string }>(
      `select id, title from offers where city = '${city}' order by id`,
    ).then(
      (result) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: result.rows }));
      },
      () => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'internal' }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
