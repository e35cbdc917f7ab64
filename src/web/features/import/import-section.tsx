import { Button, Group, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { LazyBoundary } from '../../ui/lazy-boundary.tsx';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { SettingsCard } from '../../ui/settings-card.tsx';

// The wizard (upload, mapping, dry run, import) is a part of its own: Settings' first load carries
// only this card and the list of past imports (docs/decisions/094).
const loadWizard = () => import('./import-wizard.tsx');
const ImportWizard = lazy(loadWizard);
// The list of past imports reads the import contract (and so zod, ~25 KB): a part of its own too,
// rendered once the page has painted (docs/decisions/078), so never in Settings' first load.
const PastImports = lazy(() => import('./past-imports.tsx'));

/** Settings → Import (super admins; issue 27): time and clients from another tool, in four steps. */
export function ImportSection() {
  // null: no wizard open; '': a new import (upload); an id: that import, at its step.
  const [open, setOpen] = useState<string | null>(null);
  const painted = useAfterPaint();
  return (
    <SettingsCard id="import-section" icon={IconFileImport} title="Import">
      <Text size="sm">
        Bring clients, projects and time from Toggl Track, Harvest, Clockify, Kimai or Casebook&apos;s own template.
        You check who is who and try a dry run before anything is saved; importing the same file again adds nothing twice.
      </Text>
      {open === null ? (
        <Group>
          <Button leftSection={<IconFileImport size={16} />} onClick={() => setOpen('')} onPointerEnter={() => void loadWizard().catch(() => undefined)}>
            Start an import
          </Button>
        </Group>
      ) : (
        <LazyBoundary fallback={<Text c="red.8" role="alert">The import wizard could not be loaded. Check the connection and reload the page.</Text>}>
          <Suspense fallback={<LoadingBlock label="Loading the import wizard" h={240} />}>
            <ImportWizard key={open} importId={open || null} onClose={() => setOpen(null)} />
          </Suspense>
        </LazyBoundary>
      )}
      {painted && (
        <LazyBoundary fallback={null}>
          <Suspense fallback={null}>
            <PastImports onOpen={setOpen} />
          </Suspense>
        </LazyBoundary>
      )}
    </SettingsCard>
  );
}
