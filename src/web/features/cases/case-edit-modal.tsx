import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { TCaseDetail } from '../../../core/api/clients.ts';
import { useUnsavedChanges } from '../../app/unsaved-changes.tsx';
import { isEditConflict, saveCase, useInvalidateClients } from '../clients/api.ts';
import { CaseFields, SaveError } from '../clients/fields.tsx';
import { caseForm, caseProblems, same, type CaseForm } from '../clients/forms.ts';

export function CaseEditModal({ kase, onClose }: { kase: TCaseDetail; onClose(): void }) {
  const invalidate = useInvalidateClients();
  const start = caseForm(kase);
  const [form, setForm] = useState<CaseForm>(start);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(!same(form, start));
  const save = async () => {
    if (Object.keys(caseProblems(form)).length) return setShowErrors(true);
    setSaving(true);
    try {
      await saveCase(form, kase);
      await invalidate();
      onClose();
    } catch (e) {
      setError(e);
      if (isEditConflict(e)) await invalidate();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Edit case ${kase.fileNumber}`} size="lg">
      <Stack>
        <CaseFields value={form} onChange={setForm} errors={showErrors ? caseProblems(form) : {}} />
        <SaveError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={saving}>Save case</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
