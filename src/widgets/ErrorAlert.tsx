import { Alert } from '@chakra-ui/react';

/** A refusal or failure shown in place, read out by screen readers; nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined | false }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
