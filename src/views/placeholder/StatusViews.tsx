import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18n } from '../../services/i18n/react';

function Status({ titleKey, textKey, testId }: { titleKey: string; textKey: string; testId: string }) {
  const { t } = useI18n();
  return (
    <EmptyState.Root data-testid={testId}>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{t(titleKey)}</EmptyState.Title>
          <EmptyState.Description>{t(textKey)}</EmptyState.Description>
          <Button asChild size="sm" variant="outline">
            <Link href="/?">{t('shell.routes.workbench')}</Link>
          </Button>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** No route and no menu item has this address. */
export const NotFoundView = () => <Status titleKey="global.notFound" textKey="shell.status.notFound" testId="not-found-page" />;

/** The page is for administrators; the server refuses its data to others anyway. */
export const ForbiddenView = () => <Status titleKey="shell.status.forbiddenTitle" textKey="shell.status.forbidden" testId="forbidden-page" />;
