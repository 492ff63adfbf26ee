import { useEffect, useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import type { connectHttpError } from '../../machines/http-error.connect';
import { browserCertActors, type CertActors } from '../../services/cert/actors';
import { inspect } from '../../services/inspector';
import { CertSelect } from '../cert/CertSelect';
import { certificateLogic } from '../cert/certificate-logic';

type HttpErrorApi = ReturnType<typeof connectHttpError>;
export type CertConfirmActors = () => Pick<CertActors, 'listCertificates' | 'sign' | 'validateCert'>;

/**
 * A 412 whose data said `certRequired` (shell §4 a, §8): the certificate dialog instead of the
 * yes/no question. Its validation (validateCert for the 412's funcCode) answers the flag the
 * held request is sent again with; closing it declines the request quietly. One dialog per held
 * request (keyed by its id).
 */
export function CertConfirmDialog({ api, actors = browserCertActors }: { api: HttpErrorApi; actors?: CertConfirmActors }) {
  const item = api.certificate;
  if (!item) return null;
  return <CertConfirmation key={item.id} funcCode={item.funcCode} onCertified={api.certified} onClose={api.cancel} actors={actors} />;
}

function CertConfirmation({ funcCode, onCertified, onClose, actors }: { funcCode: string; onCertified: (flag: string) => void; onClose: () => void; actors: CertConfirmActors }) {
  const logic = useMemo(() => certificateLogic(actors()), [actors]);
  const actorRef = useActorRef(logic, { input: { mode: 'dialog', callable: true, funcCode }, inspect });
  // The queue's answers as they are now (the request layer draws new ones on every change).
  const answers = useRef({ onCertified, onClose });
  answers.current = { onCertified, onClose };

  useEffect(() => {
    const success = actorRef.on('success', ({ validFlag }) => answers.current.onCertified(validFlag));
    // The user closed the dialog (Escape, the close button): the held request is declined.
    let wasOpen = actorRef.getSnapshot().matches('open');
    const closing = actorRef.subscribe((s) => {
      if (wasOpen && s.matches('closed')) answers.current.onClose();
      wasOpen = s.matches('open');
    });
    actorRef.send({ type: 'CERT.OPEN' });
    return () => {
      success.unsubscribe();
      closing.unsubscribe();
    };
  }, [actorRef]);

  return <CertSelect actorRef={actorRef} testId="cert-confirm" />;
}
