// The cluster's object storage as a process of its own: s3rver (the S3-compatible server from
// npm the tests use) on 127.0.0.1:PORT with its objects under DIRECTORY. Run by
// lib/s3.ts; in the runner's process it would share one event loop with the supervisor (and,
// in the reliability check, with the load generator), so photos would wait on both.
//
//   node scripts/cluster/s3-server.ts PORT DIRECTORY
import S3rver from 's3rver';

const [port, directory] = process.argv.slice(2);
if (!port || !directory) {
  console.error('usage: node scripts/cluster/s3-server.ts PORT DIRECTORY');
  process.exit(2);
}
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory });
await server.run();
console.log(`s3rver listening on 127.0.0.1:${port}`);
const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
