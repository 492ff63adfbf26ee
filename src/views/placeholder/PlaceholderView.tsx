import { EmptyState, VStack } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';

/** A menu page whose business screen arrives later with the resource registry. */
export default function PlaceholderView({ name }: { name: string }) {
  const { t } = useI18n();
  return (
    <EmptyState.Root data-testid="placeholder-page">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{name}</EmptyState.Title>
          <EmptyState.Description>{t('shell.placeholder.building')}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
