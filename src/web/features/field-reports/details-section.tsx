import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { REPORT_FIELDS, REPORT_TYPES } from '../../../core/field-reports/field-reports.ts';
import type { TFieldReport } from '../../../core/api/field-reports.ts';
import { awaitsNumber } from '../../../core/field-reports/new-field-report.ts';
import { formatUsDate, toIsoDate } from '../../../core/smart-date.ts';
import { ApiError } from '../../lib/transport.ts';
import { ProjectField, type PickedProject } from '../../shared/project-picker/project-field.tsx';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import { projectFacts, useStaff } from './api.ts';
import { limitedField, Section, type Problems } from './sections.tsx';
import type { Editable } from './use-autosave.ts';

interface Props {
  report: TFieldReport;
  draft: Editable;
  onChange(update: (d: Editable) => Editable): void;
  readOnly: boolean;
  problems: Problems;
  onDateValidity(ok: boolean): void;
}

/** Type, number, date, project and inspector: the report's own columns. */
export function DetailsSection({ report, draft, onChange, readOnly, problems, onDateValidity }: Props) {
  const staff = useStaff();
  const [project, setProject] = useState<PickedProject | null>({ id: report.projectId, label: report.projectLabel, clientName: '' });
  const [projectError, setProjectError] = useState<string | null>(null);
  // A revision keeps its report's number and project; a report created offline gets its number from the
  // server, for the project it was created on (docs/decisions/108).
  const local = awaitsNumber(report);
  const fixed = readOnly || report.revision > 0 || local;
  const { label, max } = REPORT_FIELDS['/reportNumber'];
  const numberField = limitedField('/reportNumber', label, max, draft.reportNumber, problems);

  // The report's own inspector is named even before the staff list is known (offline, never opened here).
  const inspectors = (staff.data ?? []).map((u) => ({ value: u.id, label: u.name }));
  if (report.inspectorId && !inspectors.some((i) => i.value === report.inspectorId)) {
    inspectors.unshift({ value: report.inspectorId, label: report.inspectorName });
  }

  const pickProject = async (picked: PickedProject | null) => {
    setProject(picked);
    setProjectError(null);
    if (!picked || picked.id === draft.projectId) return;
    try {
      const facts = await projectFacts(picked.id);
      onChange((d) => ({
        ...d, projectId: picked.id, reportNumber: facts.nextNumber,
        content: { ...d.content, projectName: facts.projectName, projectNumber: facts.projectNumber, buildingOwner: facts.buildingOwner, propertyAddress: facts.propertyAddress },
      }));
    } catch (e) {
      setProjectError(e instanceof ApiError ? e.message : 'The project could not be loaded.');
    }
  };

  return (
    <Section title="Report">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Select label="Report type" data={[...REPORT_TYPES]} value={draft.reportType} allowDeselect={false} readOnly={readOnly}
          onChange={(v) => v && onChange((d) => ({ ...d, reportType: v as Editable['reportType'] }))} comboboxProps={{ withinPortal: true }} />
        <TextInput value={draft.reportNumber} readOnly={fixed} {...numberField}
          description={local ? 'Given when the report reaches the server' : report.revision > 0
            ? `Revision ${report.revision}: shown as ${report.displayNumber}` : numberField.description}
          onChange={(e) => {
            const reportNumber = e.currentTarget.value;
            onChange((d) => ({ ...d, reportNumber }));
          }} />
        <div>
          <SmartDateInput label="Date" withAsterisk data-field="/date" value={formatUsDate(draft.date)} readOnly={readOnly}
            onValidityChange={onDateValidity} onChange={(v) => {
              const iso = toIsoDate(v);
              if (iso) onChange((d) => ({ ...d, date: iso }));
            }} />
          {problems['/date'] && <Text size="xs" c="red.8" mt={4}>{problems['/date']}</Text>}
        </div>
        <div className="grid-span-2">
          {fixed
            ? <TextInput label="Project" readOnly value={report.projectLabel} />
            : <ProjectField value={project} onChange={(p) => void pickProject(p)} />}
          {projectError && <Group c="red.8" fz="sm">{projectError}</Group>}
        </div>
        <Select label="Inspector" searchable readOnly={readOnly} value={draft.inspectorId}
          data={inspectors}
          onChange={(v) => onChange((d) => ({ ...d, inspectorId: v }))} comboboxProps={{ withinPortal: true }} />
      </SimpleGrid>
      {!fixed && !project && <Button variant="subtle" size="xs" mt="xs" onClick={() => setProject({ id: report.projectId, label: report.projectLabel, clientName: '' })}>Keep the current project</Button>}
    </Section>
  );
}
