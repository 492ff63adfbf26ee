import { pathOf } from '../../shared/contract';
import { licence } from '../../shared/contract/licence';
import { call } from '../http/call';
import { download } from '../http/client';

/**
 * The product licence calls beside the resource family (src/shared/contract/licence.ts;
 * docs/licences.md): the two files are saved by the browser (the request layer toasts a
 * refusal and the download), the check's answer goes to the check dialog's machine.
 */
export const downloadLicenceFile = (id: number) => download({ url: pathOf(licence.file), data: { id } });
export const downloadLicencePublicKey = () => download({ url: pathOf(licence.publicKey), data: {} });
export const checkLicenceText = (text: string) => call(licence.check, { text });
