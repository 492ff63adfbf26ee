import { certificateMachine } from '../../machines/certificate.machine';
import { session } from '../../services/storage';

/** The certificate machine's effects that are not the flag's: the agent, the server, the page. */
export type CertificateEffects = NonNullable<Parameters<typeof certificateMachine.provide>[0]['actors']>;

/**
 * The certificate machine with the `certVaild` flag written where shell §3 keeps it (session
 * storage, through storage.ts), and the owner's effects. The owner starts the actor and passes
 * it to CertSelect.
 */
export function certificateLogic(actors: CertificateEffects) {
  return certificateMachine.provide({
    actions: {
      markValidating: () => session.set('certVaild', '1'),
      clearValidating: () => session.remove('certVaild'),
    },
    actors,
  });
}
