import { Alert, List } from '@chakra-ui/react';
import { useI18n } from '../services/i18n/react';

/**
 * Why a new password was refused: the server's message and each broken rule (the shared
 * checker in shared/password-rule names them), shown the same way wherever a password is set.
 */
export function PasswordProblems({ problems, serverMessage }: { problems: Array<{ key: string; params?: Record<string, unknown> }>; serverMessage: string | null }) {
  const { t } = useI18n();
  if (problems.length === 0 && !serverMessage) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {serverMessage && <Alert.Title>{serverMessage}</Alert.Title>}
        <List.Root ps="4">
          {problems.map((p) => (
            <List.Item key={p.key}>{t(p.key, p.params)}</List.Item>
          ))}
        </List.Root>
      </Alert.Content>
    </Alert.Root>
  );
}
