// The public listener's certificate: self-signed for localhost, made with openssl at the first
// start and reused after, so a browser or client that was told to trust it keeps trusting it.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface Certificate {
  certificatePath: string;
  keyPath: string;
}

export function ensureCertificate(dir: string): Certificate {
  const tlsDir = path.join(dir, 'tls');
  const certificatePath = path.join(tlsDir, 'localhost.crt');
  const keyPath = path.join(tlsDir, 'localhost.key');
  if (existsSync(certificatePath) && existsSync(keyPath)) return { certificatePath, keyPath };
  mkdirSync(tlsDir, { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certificatePath,
      '-days',
      '825',
      '-subj',
      '/CN=localhost',
      // Clients match the name against subjectAltName only; a CA-less self-signed certificate
      // is its own CA, which lets clients pass it as the one to trust (curl --cacert, Node's ca).
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  chmodSync(keyPath, 0o600);
  return { certificatePath, keyPath };
}
