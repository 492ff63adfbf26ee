import { useEffect, useRef, useState } from 'react';
import { Box, Field, Spinner, Text, Textarea } from '@chakra-ui/react';
import { contract } from '../../shared/contract';
import { EMBEDDED_REMARK_MAX } from '../../shared/constants';
import { guestContext, type GuestContext } from '../../shared/embedded-protocol';
import { call } from '../../services/http/call';
import { startGuest } from '../../services/embedded-page/guest';
import { useI18n } from '../../services/i18n/react';

/**
 * The demo guest page (embedded-remarks.html; docs/embedded-pages.md): a remark kept per form
 * code and record key, in its own table through its own calls. It answers the edit form's
 * requests through the guest SDK: validate refuses an empty or too long remark, save and submit
 * store it. Read-only in view and approval modes. Its parent is this site (same origin).
 */
export function remarkProblem(remark: string, t: (key: string, params?: Record<string, unknown>) => string): string | null {
  if (!remark.trim()) return t('embedded.remarks.required');
  if ([...remark].length > EMBEDDED_REMARK_MAX) return t('embedded.remarks.tooLong', { max: EMBEDDED_REMARK_MAX });
  return null;
}

export default function RemarksGuest() {
  const { t } = useI18n();
  const [context] = useState<GuestContext | null>(() => guestContext(window.location.search));
  const [remark, setRemark] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The SDK's handlers read the newest values (they outlive renders).
  const latest = useRef({ remark, loaded, t });
  latest.current = { remark, loaded, t };

  useEffect(() => {
    if (!context) return;
    let live = true;
    call(contract.embedded.remark, { formCode: context.formCode, recordKey: context.recordKey }, { noErrorTip: true })
      .then((answer) => live && setRemark(answer.remark ?? ''))
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [context]);

  useEffect(() => {
    if (!context) return;
    const check = async () => {
      const found = remarkProblem(latest.current.remark, latest.current.t);
      setProblem(found);
      return found;
    };
    const store = async () => {
      if (context.readOnly) return null;
      const found = await check();
      if (found) return found;
      try {
        await call(contract.embedded.saveRemark, { formCode: context.formCode, recordKey: context.recordKey, remark: latest.current.remark });
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    return startGuest({
      parentOrigin: window.location.origin,
      handlers: { validate: async () => (context.readOnly ? null : check()), save: store, submit: store },
    });
  }, [context]);

  if (!context) return <Text role="alert" color="fg.error" p="2">{t('embedded.remarks.badAddress')}</Text>;
  if (!loaded) return <Spinner m="2" role="status" aria-label={t('global.loading')} />;
  return (
    <Box p="2">
      <Field.Root invalid={!!problem} readOnly={context.readOnly}>
        <Field.Label>{t('embedded.remarks.label')}</Field.Label>
        <Textarea
          value={remark}
          readOnly={context.readOnly}
          rows={3}
          data-testid="embedded-remark"
          onChange={(e) => {
            setRemark(e.target.value);
            setProblem(null);
          }}
        />
        {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{t('embedded.remarks.hint', { max: EMBEDDED_REMARK_MAX })}</Field.HelperText>}
      </Field.Root>
    </Box>
  );
}
