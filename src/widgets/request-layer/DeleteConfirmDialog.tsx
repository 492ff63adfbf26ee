import { useEffect, useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { AlertDialog } from './AlertDialog';
import { useI18n } from '../../services/i18n/react';
import { setDeleteConfirmation } from '../../services/http/client';

interface Ask {
  message: string;
  answer: (yes: boolean) => void;
}

/** Shell §7: the question `remove()` asks before a delete is sent. */
export function DeleteConfirmDialog() {
  const { t } = useI18n();
  const [ask, setAsk] = useState<Ask | null>(null);
  useEffect(
    () =>
      setDeleteConfirmation(
        (message) =>
          new Promise<boolean>((resolve) =>
            setAsk({
              message,
              answer: (yes) => {
                setAsk(null);
                resolve(yes);
              },
            }),
          ),
      ),
    [],
  );
  return (
    <AlertDialog
      open={ask !== null}
      testId="delete-confirm"
      title={t('request.delete.title')}
      onDismiss={() => ask?.answer(false)}
      footer={
        <>
          <Button variant="outline" onClick={() => ask?.answer(false)} autoFocus>
            {t('request.delete.cancel')}
          </Button>
          <Button colorPalette="red" onClick={() => ask?.answer(true)}>
            {t('request.delete.ok')}
          </Button>
        </>
      }
    >
      <Text>{ask?.message}</Text>
    </AlertDialog>
  );
}
