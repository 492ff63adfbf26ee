/**
 * `node -r ./scripts/diagrams/register.cjs agent/pki/cli.ts <dir> [--force]`: writes the test
 * PKI to <dir>/pki.json (reused when present) and prints what it holds.
 */
import { loadOrGeneratePki } from './generate';

const [dir, ...flags] = process.argv.slice(2);
if (!dir) {
  console.error('usage: cli.ts <dir> [--force]');
  process.exit(2);
}
const pki = loadOrGeneratePki(dir, { force: flags.includes('--force') });
for (const [name, ee] of Object.entries(pki.endEntities)) {
  console.log(`${name.padEnd(16)} ${ee.key.kind}-${ee.key.bits} serial ${ee.serialHex} issuer ${ee.issuer}`);
}
