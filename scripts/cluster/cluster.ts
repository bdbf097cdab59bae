// `npm run cluster`: the production topology on this machine (docs/deploy.md), in the foreground.
//
//   npm run cluster                         start (a second start reuses the folder's data)
//   npm run cluster -- stop                 stop the running one
//   npm run cluster -- status               each instance: pid, restarts, ready, in the balancer
//   npm run cluster -- rolling-restart      every instance in turn, stopped gracefully and started again
//   npm run cluster -- restore --to TIME    point-in-time recovery into a new data folder
//
// CLUSTER_DIR (./data/cluster) holds everything: data, logs, certificate, secrets, configs.
// CLUSTER_PORT_BASE (26000) places every listener (scripts/cluster/lib/ports.ts). SEED_OFFERS
// (3000) demo offers on the first start; SMTP_URL a mail server, else mail goes to logs/mail.log.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@estately/db/seed';
import { alive, sleep } from './lib/child.ts';
import { restoreCommand } from './lib/postgres-restore-command.ts';
import { type ClusterState, STATE_FILE, startCluster } from './lib/topology.ts';

const dir = path.resolve(process.env.CLUSTER_DIR || './data/cluster');
const portBase = Number(process.env.CLUSTER_PORT_BASE || 26000);
const pidFile = path.join(dir, 'runner.pid');
/** Written by the runner after each rolling restart it was asked for. */
const rollingResultFile = path.join(dir, 'rolling-restart.json');

function runningRunner(): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    return pid && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function start(): Promise<void> {
  if (!Number.isInteger(portBase) || portBase < 1024 || portBase > 65_000) {
    console.error(
      `CLUSTER_PORT_BASE must be a port from 1024 to 65000, got "${process.env.CLUSTER_PORT_BASE}"`,
    );
    process.exit(1);
  }
  const other = runningRunner();
  if (other) {
    console.error(`A cluster of ${dir} is already running (process ${other}): npm run cluster -- stop`);
    process.exit(1);
  }
  if (!existsSync(path.join(import.meta.dirname, '../../apps/web/build/server/index.js'))) {
    console.error('The web app is not built: npm run build');
    process.exit(1);
  }
  // Ctrl+C while it starts: the exit hooks end the processes started so far.
  const abort = () => process.exit(130);
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  writeFileSync(pidFile, String(process.pid));
  const cluster = await startCluster({ dir, portBase });
  process.off('SIGINT', abort);
  process.off('SIGTERM', abort);

  console.log(`
Estately cluster is running (${dir}).
  Web:         ${cluster.publicUrl}   (self-signed: trust ${cluster.certificatePath}, or curl -k)
  API:         ${cluster.publicUrl}/api   (OpenAPI docs at ${cluster.publicUrl}/api/docs)
  Prometheus:  ${cluster.prometheusUrl}
  Instances:   ${cluster.instances.map((i) => `${i.name}${i.port ? ` :${i.port}` : ''}`).join(', ')}   (logs in ${path.join(dir, 'logs')})
  Mail:        ${process.env.SMTP_URL ? 'SMTP_URL' : `accepted and written to ${path.join(dir, 'logs', 'mail.log')}`}
Demo accounts (password ${DEMO_PASSWORD}):
${Object.entries(DEMO_ACCOUNTS)
  .map(([role, email]) => `  ${role.padEnd(8)} ${email}`)
  .join('\n')}
npm run cluster -- status | rolling-restart | stop. Press Ctrl+C to stop.`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('[cluster] stopping...');
    cluster.stop().then(
      () => {
        rmSync(pidFile, { force: true });
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let restarting = false;
  process.on('SIGUSR2', () => {
    if (restarting || stopping) return;
    restarting = true;
    const started = new Date().toISOString();
    cluster.rollingRestart().then(
      (results) => {
        restarting = false;
        writeFileSync(rollingResultFile, `${JSON.stringify({ started, results }, null, 2)}\n`);
      },
      (error: unknown) => {
        restarting = false;
        writeFileSync(rollingResultFile, `${JSON.stringify({ started, error: String(error) }, null, 2)}\n`);
      },
    );
  });
}

async function stopRunning(): Promise<void> {
  const pid = runningRunner();
  if (!pid) {
    console.log(`No cluster of ${dir} is running.`);
    return;
  }
  process.kill(pid, 'SIGTERM');
  // The instances drain their answers under way (up to 40 s), then the servers stop.
  const deadline = Date.now() + 120_000;
  while (alive(pid)) {
    if (Date.now() > deadline) {
      console.error(`The runner (process ${pid}) did not stop within 120 s.`);
      process.exit(1);
    }
    await sleep(200);
  }
  console.log('Cluster stopped.');
}

async function status(): Promise<void> {
  const pid = runningRunner();
  let state: ClusterState;
  try {
    state = JSON.parse(readFileSync(path.join(dir, STATE_FILE), 'utf8')) as ClusterState;
  } catch {
    console.log(`No cluster state in ${dir}.`);
    process.exit(1);
  }
  if (!pid) {
    console.log(`No cluster of ${dir} is running (last state ${state.updatedAt}).`);
    process.exit(1);
  }
  console.log(`Runner ${pid}: ${state.publicUrl}, Prometheus ${state.prometheusUrl}`);
  for (const instance of state.instances) {
    const probe =
      instance.port === null ? instance.metricsUrl : `http://127.0.0.1:${instance.port}/health/ready`;
    let answer = 'no answer';
    try {
      const response = await fetch(probe, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      answer = response.ok ? 'ready' : `not ready (${response.status})`;
    } catch {}
    console.log(
      `  ${instance.name.padEnd(7)} ${instance.port === null ? '     ' : String(instance.port).padEnd(5)}  pid ${String(instance.pid ?? '-').padEnd(8)} restarts ${String(instance.restarts).padEnd(3)} ${answer.padEnd(18)} ${instance.port === null ? '' : instance.inBalancer ? 'in the balancer' : 'out of the balancer'}`,
    );
  }
}

async function rollingRestart(): Promise<void> {
  const pid = runningRunner();
  if (!pid) {
    console.error(`No cluster of ${dir} is running.`);
    process.exit(1);
  }
  const before = existsSync(rollingResultFile) ? statSync(rollingResultFile).mtimeMs : 0;
  process.kill(pid, 'SIGUSR2');
  console.log('Rolling restart asked for; every instance in turn (the runner prints each step)...');
  const deadline = Date.now() + 15 * 60_000;
  while (!existsSync(rollingResultFile) || statSync(rollingResultFile).mtimeMs === before) {
    if (!alive(pid) || Date.now() > deadline) {
      console.error('The runner gave no result.');
      process.exit(1);
    }
    await sleep(500);
  }
  const result = JSON.parse(readFileSync(rollingResultFile, 'utf8')) as {
    results?: { name: string; readyMs: number }[];
    error?: string;
  };
  if (result.error) {
    console.error(`Rolling restart failed: ${result.error}`);
    process.exit(1);
  }
  for (const step of result.results ?? [])
    console.log(`  ${step.name.padEnd(7)} ready in ${(step.readyMs / 1000).toFixed(1)} s`);
}

const command = process.argv[2] ?? 'start';
switch (command) {
  case 'start':
    await start();
    break;
  case 'stop':
    await stopRunning();
    break;
  case 'status':
    await status();
    break;
  case 'rolling-restart':
    await rollingRestart();
    break;
  case 'restore':
    try {
      await restoreCommand(process.argv.slice(3), { dir: path.join(dir, 'postgres'), base: portBase });
      process.exit(0);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    break;
  default:
    console.error(`Unknown command "${command}": start, stop, status, rolling-restart or restore --to TIME`);
    process.exit(1);
}
