/**
 * `npm run agent -- [options]`: the reference certificate agent (docs/certificates-agent.md).
 *   --pki <dir>            PKI and TLS material (env CERT_PKI_DIR; default data/pki, where the server looks too)
 *   --ports <p,p,…>        the agent's HTTPS ports (default the first of CERT_AGENT_PORTS)
 *   --toolkit-port <p>     the toolkit service (env CERT_TOOLKIT_PORT; default 9655)
 *   --control-port <p>     the control endpoint (default 9656)
 *   --licence <text>       the licence accepted (env CERT_LICENCE; default the server's development licence)
 *   --version <x.y.z>      the version reported (default 2.1.0)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CERT_AGENT_PORTS, CERT_TEST_LICENCE, CERT_TOOLKIT_PORT } from '../src/shared/constants';
import { AGENT_CONTROL_PORT, AGENT_DEFAULT_VERSION, startAgent } from './server';
import { AGENT_CA_FILE } from './tls';

const port = (v: string, what: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${what}: not a port: ${v}`);
  return n;
};

async function main() {
  const { values } = parseArgs({
    options: {
      pki: { type: 'string' },
      ports: { type: 'string' },
      'toolkit-port': { type: 'string' },
      'control-port': { type: 'string' },
      licence: { type: 'string' },
      version: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log('npm run agent -- [--pki dir] [--ports p,p] [--toolkit-port p] [--control-port p] [--licence text] [--version x.y.z]');
    return;
  }
  const pkiDir = path.resolve(values.pki ?? process.env.CERT_PKI_DIR ?? path.join(process.env.DATA_DIR ?? 'data', 'pki'));
  console.log(`PKI in ${pkiDir} (generated on first start; RSA-4096 takes a few seconds)`);
  const agent = await startAgent({
    pkiDir,
    ports: values.ports ? values.ports.split(',').map((p) => port(p.trim(), '--ports')) : [CERT_AGENT_PORTS[0]],
    toolkitPort: port(values['toolkit-port'] ?? process.env.CERT_TOOLKIT_PORT ?? String(CERT_TOOLKIT_PORT), '--toolkit-port'),
    controlPort: port(values['control-port'] ?? String(AGENT_CONTROL_PORT), '--control-port'),
    licence: values.licence ?? process.env.CERT_LICENCE ?? CERT_TEST_LICENCE,
    version: values.version ?? AGENT_DEFAULT_VERSION,
  });
  console.log(`agent (tianwei, tianwei2021, cfca): ${agent.ports.map((p) => `https://127.0.0.1:${p}`).join(', ')}`);
  console.log(`toolkit service (xinan):            http://127.0.0.1:${agent.toolkitPort}`);
  console.log(`control endpoint:                   http://127.0.0.1:${agent.controlPort}/control`);
  console.log(`trust its TLS CA in the browser:    ${path.join(pkiDir, AGENT_CA_FILE)}`);
  for (const e of agent.operations.entries()) {
    console.log(`  ${e.store.padEnd(7)} ${e.name.padEnd(15)} ${e.keyAlgorithm}-${e.keySize} serial ${e.serialNumber} until ${e.notAfter.toISOString().slice(0, 10)}`);
  }
  const stop = () => {
    agent.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
